import { Chess } from "chess.js";
import { longForms, withOriginFile, withoutDisambiguator, writtenForms } from "~/chess/candidates";
import { NOTATION_LANGUAGES, PIECE_LETTERS, type NotationLanguage } from "~/chess/languages";
import { CLASSES, decodeClasses, encodeText } from "./alphabet";
import { DOUBTFUL_POSTERIOR, SHIPPED_CALIBRATION, boundedClarity, calibratedConfidence, reviewThreshold, type Calibration, type MoveEvidence } from "./calibration";
import { ANY_FILE, ANY_RANK, ctcLogLikelihood, ctcPrefixLogLikelihood, greedyDecode } from "./ctc";
import { Positions, moveKey, positionKey } from "./positions";
import type { MovePrior } from "./prior";

/**
 * What the recognizer saw for one ply: the frames of each sheet that holds it (one or both players'),
 * and which sheet each is (by default each its own): a sheet is one writer. `asCut`: the same boxes'
 * frames as read once, as cut, on which a move's fit is judged (by default `logProbs`): the average of
 * several readings in `logProbs` fits any likely move better, also where the hand is unlike any known.
 */
/**
 * A ply's boxes, one per sheet that shows it: the recognizer's frames (`logProbs`; `asCut`, of the box as cut where
 * they differ), the sheet each box is on, and the notation language each is written in where it is not the game's
 * (`languages`: the two players of a game may write in two).
 */
export type PlyObservation = { frames: number; logProbs: Float32Array[]; sheets?: number[]; asCut?: Float32Array[]; languages?: NotationLanguage[] };

/**
 * `confidence`: the probability that the move is right (calibration.ts), from its `evidence`; a move a
 * person confirmed has confidence 1 and no evidence.
 */
export type DecodedMove = { ply: number; san: string; confidence: number; flagged: boolean; evidence?: MoveEvidence };
/**
 * `unfamiliarHand`: the hand is unlike those the reader knows (see UNFAMILIAR_HAND), on every sheet read: every move
 * read is flagged. `leftOut`: the sheets (numbered as in the plies' `sheets`) that fit the game so badly, beside one
 * that fits it, that the game is read without them: a hand the reader does not know, or a sheet of another game.
 */
export type DecodedGame = { moves: DecodedMove[]; fen: string; logLikelihood: number; unfamiliarHand: boolean; leftOut: number[] };

/** The first ply where two games read other moves (the shorter game's length where one goes on as the other). */
export function partingPly(a: DecodedGame, b: DecodedGame): number {
  const plies = Math.min(a.moves.length, b.moves.length);
  const parted = a.moves.slice(0, plies).findIndex((move, ply) => move.san !== b.moves[ply].san);
  return parted < 0 ? plies : parted;
}

export type DecodeOptions = {
  beamWidth?: number;
  /** How far below the best game a game is still followed (natural log, per sheet of the ply): BEAM_SPAN unless given. */
  beamSpan?: number;
  /** The plies (from `from` up to, not including, `to`) where `beamSpan` holds: BEAM_SPAN at the others. Every ply where not given. */
  widenedPlies?: { from: number; to: number };
  /** How a move's evidence tells its confidence, and below which confidence it is flagged for review (by default the shipped one). */
  calibration?: Calibration;
  /** Moves a person confirmed or corrected (SAN, from the first ply): kept as they are, the rest decoded after them. */
  prefix?: readonly string[];
  /** Positions already met by another decoding of the same game (the moves are listed once), with their prior. */
  positions?: Positions;
  /** What players choose in a position (prior.ts), for the positions of a decoding that brings none. */
  prior?: MovePrior;
  /** The same game as read before adapting to the writer (writer.ts): its moves' shares are evidence (MoveEvidence.before). */
  before?: readonly DecodedMove[];
  /**
   * Plies whose move a slip of the writer leaves in doubt whatever its boxes show: flagged, with at most UNSURE_CONFIDENCE
   * (a move left out on a sheet read alone, which the moves around it could stand before or after: leftOut.ts).
   */
  unsure?: ReadonlySet<number>;
  /**
   * Called between the steps of reading a game, and after every ply a decoding reads (a Temporal activity's heartbeat).
   * Between steps alone was too seldom: in a hand the reader is lost on the beam stays at its widest, and on a two-page
   * sheet of such a hand the decodings before the first step (the game as numbered, rows read otherwise, trials of a row
   * left out) took 27 s on the clock with a benchmark beside it, near the heartbeat's timeout of 30 s.
   */
  onStep?: () => void;
};

/** The confidence at most of a move a slip leaves in doubt (DecodeOptions.unsure). */
const UNSURE_CONFIDENCE = 0.5;

/** The game with the moves of the `unsure` plies flagged, their confidence at most UNSURE_CONFIDENCE (a move a person confirmed stays as it is). */
export const withUnsure = (game: DecodedGame, unsure: ReadonlySet<number> | undefined): DecodedGame =>
  unsure?.size
    ? { ...game, moves: game.moves.map((move) => (unsure.has(move.ply) && move.evidence ? { ...move, flagged: true, confidence: Math.min(move.confidence, UNSURE_CONFIDENCE) } : move)) }
    : game;

/**
 * Games followed at once, one per position. The right game often falls out of narrower beams: on 24
 * held-out sheets of fonts, 16 / 32 / 64 / 128 games decoded 78.4 / 80.5 / 83.0 / 85.6% of moves right
 * (README, "Score-sheet reader"); with the span (BEAM_SPAN) 512 cost a fifth more time than 128, and in hard stretches
 * of a hand 128 lost the likeliest game on 3–5 sheets in 32: cursive 96.8 → 98.7% right, 19.2 → 14.8% flagged
 * (README, *A wider beam*).
 */
const BEAM_WIDTH = 512;
/**
 * Games less likely than the best by more than this (natural log, per sheet of the ply) are not
 * followed: e^-10 of the best, they almost never turn out right, and leaving them out makes the wide
 * beam affordable (on the same sheets, 128 games within this span decode fonts 85.6% right, as 128
 * without it, in half its time; on the whole benchmark about the time of 64 games without it). Almost: where one box
 * is misread so that the right move falls out of the span at its ply, the game goes astray from there (writer.ts
 * searches such a game again wider: WIDE_SPAN).
 */
const BEAM_SPAN = 10;
/**
 * When even the best legal move is this much less likely than what the recognizer reads without
 * the rules, the sheet probably shows something else (a slip of the pen, a misplaced move): its
 * confidence drops in proportion.
 */
const MIN_FIT = 0.02;
/**
 * When more than this share of the moves read fit that badly (the recognizer sees something no legal
 * move is written like), the reader is lost on this hand, and a move it is sure of is no safer than
 * the others: the whole sheet needs a person. Chosen on held-out sheets other than the benchmark's
 * (README, "Sheet reader"): lost sheets show 50–70% such moves, read ones mostly under 20%.
 */
const UNFAMILIAR_HAND = 0.35;
/** Fewer moves than this read tell too little about the hand. */
const UNFAMILIAR_HAND_MIN_MOVES = 8;

/** log-likelihood of the recognizer's own reading of a box, unconstrained but for the characters it may take (`among`). */
const unconstrained = (logProbs: Float32Array, frames: number, among: readonly number[]) => ctcLogLikelihood(logProbs, frames, CLASSES, greedyDecode(logProbs, frames, CLASSES, among));

/** The classes of the piece letters of every language (pawns' letters too). */
const PIECE_CLASSES = new Set(encodeText(NOTATION_LANGUAGES.flatMap((language) => Object.values(PIECE_LETTERS[language])).join("")));
/** The classes of every character but piece letters: files, digits, marks. */
const OTHER_CLASSES = Array.from({ length: CLASSES - 1 }, (_, i) => i + 1).filter((c) => !PIECE_CLASSES.has(c));

/**
 * The classes a move may be written with in a language: its own piece letters (not those of the other languages,
 * nor its pawn letter, which moves do not show), the files, the digits and the marks.
 */
export const notationClasses = (language: NotationLanguage): number[] =>
  [...encodeText((["k", "q", "r", "b", "n"] as const).map((piece) => PIECE_LETTERS[language][piece]).join("")), ...OTHER_CLASSES].sort((a, b) => a - b);

/**
 * A long form with its square of departure left open (Ng1-f3 as N··-f3): any file, then any rank, counted there, less
 * the log of the 64 squares they may name. A writer in long notation whose square of departure the recognizer
 * misreads (a hand's d and e read as b and h) still has the move's piece and square of arrival counted: on held-out
 * long-notation sheets print-style hands were read 93.0 → 95.6% right, 19.0 → 16.2% flagged (README, "The square
 * of departure left open").
 */
const OPEN_FILE = "\u0001";
const OPEN_RANK = "\u0002";
const OPEN_SQUARE_COST = Math.log(64);
const openForm = (form: string, from: string) => form.replace(from, OPEN_FILE + OPEN_RANK);

/**
 * A capture en passant marked as such after the move (exd6 e.p.): the recognizer, which has no letter p nor a full
 * stop, reads the mark as an e and then anything (exd6e-6, exd6e8, exd6e-f8+). Such a form is the move, that e, and
 * any text or none after it (`NOTE`, CTC's prefix probability), less the log of NOTE_COST. Without such forms a box
 * with the mark fitted its move badly and the moves around it were flagged: on 20 sheets whose writers mark it, 94.1 →
 * 95.1% of the moves right and 22.5 → 19.7% flagged with them, unmarked sheets read the same (README, *A capture en
 * passant marked e.p.*).
 */
const NOTE = "\u0003";
const NOTE_COST = Math.log(4);
/** A pawn's capture onto the third or sixth rank, which may be one en passant: its forms also with the mark after them. */
const MAY_BE_EN_PASSANT = /^[a-h]x[a-h][36]/;
/**
 * A draw offered with a move is noted after it, (=) (FIDE Laws, 9.1.2.2); the recognizer reads the equals sign and takes
 * the brackets for whatever they look like to it (Kf7=1, e3+=, b6f=1). Where a box of the ply reads an equals sign, each
 * form is also scored as the move and anything after it, less the log of NOTE_COST (README, *A draw offered, noted (=)*).
 */
const EQUALS = encodeText("=")[0];
/**
 * Many players of Central and Eastern Europe mark a capture with a colon, a pawn's too (e:d5). A piece's capture is
 * scored with a colon everywhere (L:f7); a pawn's only where a box of the ply reads a colon, so that a ply where none
 * does is read exactly as before (README, *Captures marked with a colon*).
 */
export const COLON = encodeText(":")[0];
/** The move's forms, with those of a capture en passant marked and, where `offered` (a box reads an equals sign), the move with a note after it. */
function withMarks(san: string, forms: string[], offered: boolean): string[] {
  if (!offered && !MAY_BE_EN_PASSANT.test(san)) return forms;
  const plain = forms.filter((form) => !form.includes(OPEN_FILE));
  const marked = MAY_BE_EN_PASSANT.test(san) ? plain.flatMap((form) => [`${form}e${NOTE}`, `${form.replace(/[+#]$/, "")}e${NOTE}`]) : [];
  return [...new Set([...forms, ...marked, ...(offered ? plain.map((form) => form + NOTE) : [])])];
}

/** A form's CTC label, what is taken off its likelihood (an open square of departure's cost, a mark's), and whether anything may follow it. */
function formLabel(form: string): { label: number[]; cost: number; prefix: boolean } {
  if (form.endsWith(NOTE)) return { label: encodeText(form.slice(0, -1)), cost: NOTE_COST, prefix: true };
  if (!form.includes(OPEN_FILE)) return { label: encodeText(form), cost: 0, prefix: false };
  const label = [...form].flatMap((char) => (char === OPEN_FILE ? [ANY_FILE] : char === OPEN_RANK ? [ANY_RANK] : encodeText(char)));
  return { label, cost: OPEN_SQUARE_COST, prefix: false };
}

/**
 * Each box's CTC log-likelihood of each written form scored on it, by the box's frames: the decodings of one game
 * (a sheet read alone is decoded some ten times, most of them on the same boxes: rows read otherwise, trials of a
 * row left out, of another language) score each form on a box once.
 */
const formScores = new WeakMap<Float32Array, Map<string, number>>();

/** Each box's CTC log-likelihood of a written form, computed once per box and form (formScores). */
function formScorer(boxes: readonly Float32Array[], frames: number) {
  const caches = boxes.map((box) => {
    let cache = formScores.get(box);
    if (!cache) formScores.set(box, (cache = new Map()));
    return cache;
  });
  return (box: number, form: string) => {
    let score = caches[box].get(form);
    if (score === undefined) {
      const { label, cost, prefix } = formLabel(form);
      const likelihood = prefix ? ctcPrefixLogLikelihood : ctcLogLikelihood;
      caches[box].set(form, (score = likelihood(boxes[box], frames, CLASSES, label) - cost));
    }
    return score;
  };
}

/**
 * A sheet whose boxes the recognizer reads with two rank digits at least this often is written in long algebraic
 * notation (Ng1-f3). Of the held-out sheets 1000–1007 (fonts, print, cursive), short writers' boxes read so at most
 * 7% of the time, long writers' at least 42% (README, *Moves written in long algebraic notation*).
 */
const LONG_NOTATION_SHARE = 0.2;
const RANK_DIGITS = /[1-8]/g;

/** Whether on some sheet of the plies' boxes at least `share` of the boxes are read (the recognizer's own reading) as `habit` has it. */
function someSheetReads(plies: readonly PlyObservation[], habit: (text: string) => boolean, share: number): boolean {
  const boxes = new Map<number, { all: number; habit: number }>();
  for (const observation of plies) {
    observation.logProbs.forEach((logProbs, box) => {
      const sheet = sheetOf(observation, box);
      const count = boxes.get(sheet) ?? { all: 0, habit: 0 };
      count.all++;
      if (habit(decodeClasses(greedyDecode(logProbs, observation.frames, CLASSES)))) count.habit++;
      boxes.set(sheet, count);
    });
  }
  return [...boxes.values()].some((count) => count.habit >= share * count.all);
}

/**
 * Whether some sheet of the plies' boxes is written in long algebraic notation (LONG_NOTATION_SHARE): then every
 * move's long forms are scored beside its short ones; otherwise only its short forms, which decode short writers'
 * sheets as well in three quarters of the time.
 */
export const writtenLong = (plies: readonly PlyObservation[]) => someSheetReads(plies, (text) => (text.match(RANK_DIGITS)?.length ?? 0) >= 2, LONG_NOTATION_SHARE);

/**
 * A sheet whose boxes the recognizer reads as a piece letter, a file and a square (Ngf3) at least this often is by a
 * writer who names the file his piece leaves where SAN would not (NAMED_FILE_SHARE): SAN names it in 0.5% of random
 * games' moves and 2.7% of an engine's. Only there are the moves' forms with the file named scored: on SAN writers'
 * cursive sheets they turned misread boxes into such forms (README, "Moves written with the file their piece leaves").
 */
const NAMED_FILE_SHARE = 0.1;
const NAMED_FILE = /^[A-Z][a-h][x:]?[a-h][1-8]/;
export const namesFiles = (plies: readonly PlyObservation[]) => someSheetReads(plies, (text) => NAMED_FILE.test(text), NAMED_FILE_SHARE);

/**
 * A ply's boxes (one per sheet) scored against written forms, each form once per box, each box in its sheet's notation
 * language; long forms too where `long`, forms naming the file a piece leaves where `named`.
 */
function boxScores(observation: PlyObservation, language: NotationLanguage, long: boolean, named: boolean) {
  const formScore = formScorer(observation.logProbs, observation.frames);
  const asCut = observation.asCut ?? observation.logProbs;
  const asCutScore = asCut.some((frames, box) => frames !== observation.logProbs[box]) ? formScorer(asCut, observation.frames) : formScore;
  const read = asCut.map((logProbs) => greedyDecode(logProbs, observation.frames, CLASSES));
  // a draw offered with the move, noted after it: a box of the ply reads an equals sign
  const offered = read.some((classes) => classes.includes(EQUALS));
  // a pawn's capture marked with a colon: a box of the ply reads one (COLON)
  const colon = read.some((classes) => classes.includes(COLON));
  const languageOf = (box: number) => observation.languages?.[box] ?? language;
  // the boxes by the language they are written in: boxes in one language are scored against the same forms
  const byLanguage = new Map<NotationLanguage, number[]>();
  observation.logProbs.forEach((_, box) => byLanguage.set(languageOf(box), [...(byLanguage.get(languageOf(box)) ?? []), box]));
  /** The ways the move (leaving the square `from`) may be written on the sheet of `box`. */
  const formsOf = (san: string, from: string, box: number) => sheetForms(san, languageOf(box), { from, long, named, colon });
  /** The forms the boxes in `written` are scored against: the written ones, in long notation those with the square of departure open, and those with a note after them (withMarks). */
  const scoredForms = (san: string, from: string, written: NotationLanguage) =>
    withMarks(san, long ? scoredLongForms(san, written, from, named, colon) : sheetForms(san, written, { from, long, named, colon }), offered);
  /** How likely the box shows the move, by its likeliest written form. */
  const moveScore = (box: number, san: string, from: string) => Math.max(...scoredForms(san, from, languageOf(box)).map((form) => asCutScore(box, form)));
  // what the box reads as in its sheet's notation: a letter of another language read there is one of its own misread
  const references = asCut.map((logProbs, box) => unconstrained(logProbs, observation.frames, notationClasses(languageOf(box))));
  const sums = new Map<string, number>();
  /** A form's likelihood summed over the boxes written in `written`. */
  const summed = (form: string, written: NotationLanguage, boxes: readonly number[]) => {
    const key = `${written} ${form}`;
    let score = sums.get(key);
    if (score === undefined) sums.set(key, (score = boxes.reduce((sum, box) => sum + formScore(box, form), 0)));
    return score;
  };
  /** How well the move fits each box: its likelihood against what the recognizer reads there without the rules (log). */
  const gaps = (san: string, from: string) => references.map((reference, box) => moveScore(box, san, from) - reference);
  // the same move from the same square comes up in many of the beam's positions (`key`: its moveKey)
  const moveScores = new Map<string, number>();
  const bestGaps = new Map<string, number>();
  return {
    /** All the ply's boxes together: the boxes of one language by the form likeliest on them all, summed over the languages. */
    moveScore: (san: string, from: string, key = moveKey(san, from)) => {
      let score = moveScores.get(key);
      if (score === undefined) {
        score = 0;
        for (const [written, boxes] of byLanguage) score += Math.max(...scoredForms(san, from, written).map((form) => summed(form, written, boxes)));
        moveScores.set(key, score);
      }
      return score;
    },
    formsOf,
    gaps,
    /** The move's fit on the box that fits it best (-Infinity without a box). */
    bestGap: (san: string, from: string, key = moveKey(san, from)) => {
      let gap = bestGaps.get(key);
      if (gap === undefined) bestGaps.set(key, (gap = Math.max(...gaps(san, from))));
      return gap;
    },
    /** The likelihood of what the recognizer reads in the clearest box, without the rules (log; 0 without a box). */
    clarity: references.length ? Math.max(...references) : 0,
  };
}

type BoxScores = ReturnType<typeof boxScores>;

/** Forms per language, SAN and square left, computed once (some ten thousand occur in practice). */
const formsCache = new Map<string, string[]>();
/**
 * How a sheet's writer may write a move besides SAN: `from`, the square the move leaves; `long`, in long algebraic
 * notation (Ng1-f3; by default wherever `from` is given); `named`, naming the file his piece leaves (Ngf3); `colon`,
 * marking a pawn's capture with a colon (e:d5), as he may a piece's (L:f7).
 */
export type WritingHabits = { from?: string; long?: boolean; named?: boolean; colon?: boolean };

/**
 * The ways a move may be written on a sheet: the forms of the chess core, short and, given the square the move
 * leaves, with the piece's file named (Ngf3) and, where `long`, long algebraic, with check marks, castling with zeros and
 * captures marked with a colon (a pawn's where `colon`).
 */
export function sheetForms(san: string, language: NotationLanguage, { from, long = from !== undefined, named = false, colon = false }: WritingHabits = {}): string[] {
  const key = `${language} ${san} ${from ?? ""} ${long} ${named} ${colon}`;
  let forms = formsCache.get(key);
  if (!forms) formsCache.set(key, (forms = computeSheetForms(san, language, { from, long, named, colon })));
  return forms;
}

/** A move's forms in long notation (sheetForms) and the same with the square of departure open (OPEN_FILE), computed once. */
function scoredLongForms(san: string, language: NotationLanguage, from: string, named: boolean, colon: boolean): string[] {
  const key = `${language} ${san} ${from} ${named} ${colon} open`;
  let forms = formsCache.get(key);
  if (!forms) {
    const written = sheetForms(san, language, { from, long: true, named, colon });
    forms = [...new Set([...written, ...written.filter((form) => form.includes(from)).map((form) => openForm(form, from))])];
    formsCache.set(key, forms);
  }
  return forms;
}

/**
 * A move that names which of two pieces moves (Nbd2) is also written without it (Nd2), as many players write it, and
 * counts as fully: where the box shows Nd2, the knights that may go there share it, the moves after tell which one
 * moved, and where none does the move is flagged (a tie: `PlyReading.tied`). At a quarter of the likelihood instead,
 * the game in which later moves need no such letter was preferred, read wrong and sure (README, "Moves written
 * without which piece moves").
 */
function computeSheetForms(san: string, language: NotationLanguage, { from, long, named, colon }: { from?: string; long: boolean; named: boolean; colon: boolean }): string[] {
  const forms = new Set([
    ...writtenForms(san, language),
    ...writtenForms(withoutDisambiguator(san), language),
    ...(from && named ? writtenForms(withOriginFile(san, from), language) : []),
    ...(from && long ? longForms(san, from, language) : []),
  ]);
  const mark = san.match(/[+#]$/)?.[0];
  for (const form of [...forms]) {
    if (mark) forms.add(form + mark);
    if (form.startsWith("O-O")) forms.add(form.replace(/O/g, "0"));
    // a piece's capture marked with a colon (L:f7), and where `colon` a pawn's too (e:d5)
    if (/^[A-ZŞ][a-h1-8]?x/.test(form) || (colon && form.includes("x"))) forms.add(form.replace("x", ":"));
  }
  if (mark) for (const form of [...forms]) if (form.startsWith("0")) forms.add(form + mark);
  return [...forms];
}

/**
 * Every legal move of the position of `fen` scored by what the ply's boxes show and what players choose there
 * (prior.ts): log-likelihoods, the best of them, and the sum of their likelihoods relative to the best.
 */
function legalScores(fen: string, scoring: BoxScores, positions: Positions) {
  const { sans, origins, keys, prior: priors } = positions.position(fen, true);
  const scores = sans.map((san, i) => scoring.moveScore(san, origins[i], keys[i]) + (priors?.[i] ?? 0));
  const best = Math.max(...scores);
  return { sans, origins, keys, scores, best, total: scores.reduce((sum, score) => sum + Math.exp(score - best), 0) };
}

/**
 * A sheet's log-likelihood of any reading is at most this (certainty), with a margin for rounding
 * in the recognizer's log-probabilities.
 */
const CERTAIN = 1e-4;

/**
 * A game followed: each move with its share of its position, and the least share it kept where another game reached the
 * same position by another move (`shared`); `line`, the ids of the last APART_AGE games it went through, its own last
 * (one game a ply, and one ply's games differ in their moves: two games whose lines start alike played alike until then).
 */
type Beam = { fen: string; score: number; moves: { san: string; confidence: number; shared?: number }[]; line: number[] };
/** A move from `parent`'s position: the `index`th of its legal moves (Positions.position). */
type Child = { parent: Beam; san: string; index: number; score: number; confidence: number; /** keepBest took its position into the beam */ inBeam?: boolean };

/** The games followed so far, each game's id (Beam.line). */
let gamesFollowed = 0;
/** The game of `child`'s move after its parent's, which leads to `fen`. */
function followed({ parent, san, score, confidence }: Child, fen: string): Beam {
  const line = parent.line.length === APART_AGE ? parent.line.slice(1) : [...parent.line];
  line.push(gamesFollowed++);
  return { fen, score, moves: [...parent.moves, { san, confidence }], line };
}

/**
 * The best `width` children (sorted best first) within `span` of the best, as beams, one per position:
 * games that reach the same position by different moves go on alike, so only the likelier is followed
 * (Viterbi), and the moves in which the other differs lose the confidence of the other's share.
 */
function keepBest(children: readonly Child[], width: number, span: number, positions: Positions): Beam[] {
  const beams = new Map<string, Beam>();
  for (const child of children) {
    const { parent, san, index, score } = child;
    if (beams.size === width || score < children[0].score - span) break;
    child.inBeam = true;
    const fen = positions.playAt(parent.fen, index);
    const position = positionKey(fen);
    const kept = beams.get(position);
    if (!kept) {
      beams.set(position, followed(child, fen));
      continue;
    }
    const share = 1 / (1 + Math.exp(score - kept.score));
    kept.moves = kept.moves.map((move, ply) =>
      move.san === (parent.moves[ply]?.san ?? san) || (move.shared ?? 1) <= share ? move : { ...move, confidence: Math.min(move.confidence, share), shared: share },
    );
  }
  return [...beams.values()];
}

/**
 * Games that left the best one at least this many plies before are also followed apart from the span, the
 * likeliest APART_WIDTH of them: a misread early move can lead to a game that fits the boxes better for dozens of
 * plies while it stays legal (quiet moves of a real game rarely make it illegal), the game written falling far
 * behind until the other stops fitting (README, "Games followed apart from the span").
 */
const APART_AGE = 8;
const APART_WIDTH = 16;
/** Games followed apart at most this much (natural log, per sheet of the ply) below the best. */
const APART_SPAN = 60;

/** Whether `beam`'s game left `leader`'s (a game as long) at least APART_AGE plies before: they went through different games then. */
const leftLongAgo = (beam: Beam, leader: Beam) => beam.line.length === APART_AGE && beam.line[0] !== leader.line[0];

const byScore = (a: Child, b: Child) => b.score - a.score;

/**
 * The first `count` of `children` in the order of sorting them best first (ties in their order, as a stable sort
 * leaves them), without sorting them all: the children of the games followed apart run to thousands a ply.
 */
export function bestFirst<T extends { score: number }>(children: readonly T[], count: number): T[] {
  const best: T[] = [];
  for (const child of children) {
    if (best.length === count && child.score <= best[count - 1].score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1].score < child.score) at--;
    best.splice(at, 0, child);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * keptApart of `children` in any order: the best of them looked at first, more only where too many of those are in
 * `kept`'s positions or one another's (the same as keptApart of them all sorted best first).
 */
function followedApart(children: Child[], kept: readonly Beam[], positions: Positions): Beam[] {
  for (let count = 2 * APART_WIDTH; count < children.length; count *= 4) {
    const apart = keptApart(bestFirst(children, count), kept, positions);
    if (apart.length === APART_WIDTH) return apart;
  }
  return keptApart(children.sort(byScore), kept, positions);
}

/** The best APART_WIDTH of `children` (sorted best first), one per position and none of `kept`'s positions, as beams. */
function keptApart(children: readonly Child[], kept: readonly Beam[], positions: Positions): Beam[] {
  const taken = new Set(kept.map((beam) => positionKey(beam.fen)));
  const apart: Beam[] = [];
  for (const child of children) {
    if (apart.length === APART_WIDTH) break;
    const fen = positions.playAt(child.parent.fen, child.index);
    const position = positionKey(fen);
    if (taken.has(position)) continue;
    taken.add(position);
    apart.push(followed(child, fen));
  }
  return apart;
}

/**
 * Reads the moves as a game: a beam search over legal continuations where each legal move is
 * scored by how likely the recognizer's frames are to show one of its written forms (CTC), summed
 * over both players' sheets when present. The result is always a legal game; each move's
 * confidence is its share of the probability among the legal moves of its position.
 */
export function decodeGame(plies: readonly PlyObservation[], language: NotationLanguage, options: DecodeOptions = {}): DecodedGame {
  const beamWidth = options.beamWidth ?? BEAM_WIDTH;
  const calibration = options.calibration ?? SHIPPED_CALIBRATION;
  const positions = options.positions ?? new Positions(options.prior);
  const start = confirmedPosition(options.prefix ?? [], positions);
  const confirmed = start.sans.map((san) => ({ san, confidence: 1 }));
  let beams: Beam[] = [{ fen: start.fen, score: 0, moves: confirmed, line: [gamesFollowed++] }];
  // games that left the best one long ago, followed apart from the span (APART_AGE)
  let apart: Beam[] = [];
  // each ply's boxes scored once, for the search and for the moves' evidence after it
  const scorings: BoxScores[] = [];
  const long = writtenLong(plies.slice(confirmed.length));
  const named = namesFiles(plies.slice(confirmed.length));
  for (let ply = confirmed.length; ply < plies.length; ply++) {
    options.onStep?.();
    const observation = plies[ply];
    const scoring = (scorings[ply] = boxScores(observation, language, long, named));
    const expanded: Child[] = [];
    const farApart: Child[] = [];
    const sheets = Math.max(1, observation.logProbs.length);
    const widened = !options.widenedPlies || (ply >= options.widenedPlies.from && ply < options.widenedPlies.to);
    const span = ((widened && options.beamSpan) || BEAM_SPAN) * sheets;
    const apartSpan = APART_SPAN * sheets;
    const leader = beams[0];
    /** The children of `beam`: those within the span of the best so far, and all of them where its game left the leader long ago (`old`). */
    const expand = (beam: Beam, old: boolean) => {
      const { sans, origins, keys, scores, best, total } = legalScores(beam.fen, scoring, positions);
      if (sans.length === 0) return;
      // how well the likeliest move fits the box that shows it best: a box misread on one player's sheet
      // does not make doubtful a move the other sheet shows clearly
      const likeliest = scores.indexOf(best);
      const fit = observation.logProbs.length ? Math.min(1, Math.exp(scoring.bestGap(sans[likeliest], origins[likeliest], keys[likeliest])) / MIN_FIT) : 1;
      for (let i = 0; i < sans.length; i++) {
        const score = beam.score + scores[i];
        // a child already more than the span below the best is never kept (keepBest), nor followed apart below APART_SPAN
        const within = score >= bestChild - span;
        const apartWithin = old && score >= bestChild - apartSpan;
        if (!within && !apartWithin) continue;
        const child = { parent: beam, san: sans[i], index: i, score, confidence: (fit * Math.exp(scores[i] - best)) / total };
        if (apartWithin) farApart.push(child);
        if (!within) continue;
        bestChild = Math.max(bestChild, score);
        expanded.push(child);
      }
    };
    // the beams come best first, and no move is likelier than certain (log 0): once a beam's own score is
    // more than the span below the best child so far, none of its children or the later beams' are followed
    // into the beam; the likeliest APART_WIDTH of those that left the leader long ago are followed apart
    let bestChild = -Infinity;
    let beyond = 0;
    for (const beam of beams) {
      if (beam.score + CERTAIN * observation.logProbs.length >= bestChild - span) expand(beam, leftLongAgo(beam, leader));
      else if (beyond < APART_WIDTH && leftLongAgo(beam, leader)) {
        beyond++;
        expand(beam, true);
      }
    }
    for (const beam of apart) expand(beam, true);
    if (expanded.length === 0 && farApart.length === 0) break;
    // a game followed apart comes back into the beam when it is within the span again (expand)
    expanded.sort(byScore);
    beams = expanded.length > 0 ? keepBest(expanded, beamWidth, span, positions) : [];
    const floor = bestChild - apartSpan;
    // those keepBest took are in the beam's positions: never followed apart
    apart = followedApart(farApart.filter((child) => child.score >= floor && !child.inBeam), beams, positions);
    if (beams.length === 0) {
      beams = apart;
      apart = [];
    }
  }
  const best = beams[0];
  const readings = readPath(plies, scorings, best.moves, confirmed.length, positions);
  const lost = lostSheets(plies, readings);
  // a sheet whose hand the reader does not know, beside one it knows, only misleads: the game is read from the others
  if (lost.length > 0 && lost.length < sheetsIn(plies).size) {
    const without = decodeGame(withoutSheets(plies, lost), language, { ...options, positions });
    return { ...without, leftOut: [...lost, ...without.leftOut] };
  }
  const fits = readings.map((reading) => bestFit(reading?.gaps ?? []));
  const unfitting = share(readings.flatMap((reading) => (reading ? reading.gaps.map(fitsBadly) : [])));
  // the decoder's share of a move also falls when other beams disagree with it and score nearly as well
  const total = beams.reduce((sum, beam) => sum + Math.exp(beam.score - best.score), 0);
  const agreement = best.moves.map((move, ply) => beams.filter((beam) => beam.moves[ply]?.san === move.san).reduce((sum, beam) => sum + Math.exp(beam.score - best.score), 0) / total);
  const posteriors = best.moves.map((move, ply) => Math.min(move.confidence, agreement[ply]));
  const doubtful = share(posteriors.slice(confirmed.length).map((posterior) => posterior < DOUBTFUL_POSTERIOR));
  const read = readings.filter((reading): reading is PlyReading => reading !== null);
  const handClarity = read.reduce((sum, reading) => sum + boundedClarity(reading.clarity), 0) / Math.max(1, read.length);
  const moves: DecodedMove[] = best.moves.map((move, ply) => {
    const reading = readings[ply];
    if (!reading) return { ply, san: move.san, confidence: 1, flagged: false };
    const evidence: MoveEvidence = {
      posterior: posteriors[ply],
      local: reading.local,
      nearFit: Math.min(...fits.slice(Math.max(confirmed.length, ply - NEAR_PLIES), ply + NEAR_PLIES + 1)),
      rivalFit: reading.rivalFit,
      clarity: reading.clarity,
      readAsWritten: reading.readAsWritten,
      unfitting,
      doubtful,
      handClarity,
      boxes: plies[ply].logProbs.length,
      tied: reading.tied,
      ...(options.before && { before: options.before[ply]?.san === move.san ? (options.before[ply].evidence?.posterior ?? 1) : 0 }),
    };
    // a box that fits another legal move as well (Nd2 where both knights may go) cannot tell them apart, only the game
    // can: the move's share is then its position's (a half), which the calibration never saw beside a box read surely,
    // so the share of the games followed to the end that agree on it, and of those that met it again, is all that is known
    const calibrated = calibratedConfidence(evidence, calibration);
    const confidence = reading.tied ? Math.min(agreement[ply], move.shared ?? 1, calibrated) : calibrated;
    return { ply, san: move.san, confidence, flagged: confidence < reviewThreshold(evidence, calibration), evidence };
  });
  doubtDependentMoves(moves, readings, scorings, positions, calibration);
  const unfamiliarHand = lost.length > 0;
  if (unfamiliarHand) for (const move of moves.slice(confirmed.length)) move.flagged = true;
  return withUnsure({ moves, fen: best.fen, logLikelihood: best.score, unfamiliarHand, leftOut: [] }, options.unsure);
}

/** The plies after a flagged move whose moves are looked at on the board its rival would leave (doubtDependentMoves). */
const DEPENDENT_PLIES = 16;
/** How much worse (natural log) a ply's boxes may fit the same move as its rival's board writes it, for the move to depend on it. */
const DEPENDENT_MARGIN = 1;

/** A move's square of arrival and promotion (e4, e8=Q), or the castling itself: with the square it leaves, the move whatever its marks. */
const arrival = (san: string) => (san.startsWith("O-O") ? san.replace(/[+#]$/, "") : (/[a-h][1-8](=[NBRQ])?(?=[+#]?$)/.exec(san)?.[0] ?? san));

/** Whether two SANs of one move differ in whether it takes, and only so (Bc6, Bxc6+). */
const takesOtherwise = (one: string, other: string) => one.includes("x") !== other.includes("x") && one.replace(/[x+#]/g, "") === other.replace(/[x+#]/g, "");

/**
 * A move read surely after a flagged one may be sure only on the board that move leaves: where a knight's move was read
 * for another (Nc6 for Nd6), the square it went to is taken in the game read, and a bishop's move there later reads as a
 * capture (Bxc6 for Bc6, the box showing neither), sure at 0.994 (cursive with real people's digits). Each flagged
 * move's rival (the likeliest other legal move) is played instead, and the game's moves after it on that board, up to
 * DEPENDENT_PLIES or a move that board does not allow: a move that takes on one board and not on the other, where its
 * boxes fit either as well, is no surer than the flagged move. Moves that check on one board only (Rb6+, Rb6) were
 * doubted so too, some 3 times as many, nearly all right (README, *A move that takes only on the board a doubted move
 * leaves*).
 */
function doubtDependentMoves(moves: DecodedMove[], readings: readonly (PlyReading | null)[], scorings: readonly BoxScores[], positions: Positions, calibration: Calibration) {
  const fens: string[] = [];
  let fen = START_FEN;
  for (const move of moves) {
    fens.push(fen);
    fen = positions.play(fen, move.san);
  }
  const sources = moves.filter((move) => move.flagged && readings[move.ply]?.rival);
  for (const source of sources) {
    let other = positions.play(fens[source.ply], readings[source.ply]!.rival!);
    for (let ply = source.ply + 1; ply < Math.min(moves.length, source.ply + 1 + DEPENDENT_PLIES); ply++) {
      const move = moves[ply];
      const read = positions.position(fens[ply]);
      const from = read.origins[read.sans.indexOf(move.san)];
      const there = positions.position(other);
      const index = there.sans.findIndex((san, i) => there.origins[i] === from && arrival(san) === arrival(move.san));
      if (index < 0) break;
      const written = there.sans[index];
      const scoring = scorings[ply];
      if (takesOtherwise(written, move.san) && move.evidence && scoring && scoring.moveScore(written, from) >= scoring.moveScore(move.san, from) - DEPENDENT_MARGIN) {
        move.confidence = Math.min(move.confidence, source.confidence);
        move.flagged = move.confidence < reviewThreshold(move.evidence, calibration);
      }
      other = positions.playAt(other, index);
    }
  }
}

/** The position from which a game is decoded. */
const START_FEN = new Chess().fen();

/**
 * The position after the moves a person confirmed (`prefix`), and those moves in SAN: each played on the decoder's own
 * board where the position lists it so, else read by chess.js (a move written otherwise, 0-0 for O-O; it throws on an
 * illegal one). Replaying them with chess.js took 0.2–0.4 ms a move, and a sheet read alone tries some
 * eight short decodings after most of its game (leftOut.ts).
 */
function confirmedPosition(prefix: readonly string[], positions: Positions): { fen: string; sans: string[] } {
  let fen = START_FEN;
  const sans = prefix.map((written) => {
    const san = positions.moves(fen).includes(written) ? written : new Chess(fen).move(written).san;
    fen = positions.play(fen, san);
    return san;
  });
  return { fen, sans };
}

/** Plies either side whose fit tells about a move's (MoveEvidence.nearFit). */
const NEAR_PLIES = 3;

/** A move's fit on the box that shows it best; 0 (nothing against it) for a ply without a box. */
const bestFit = (gaps: readonly number[]) => (gaps.length ? Math.max(...gaps) : 0);
const fitsBadly = (gap: number) => gap < Math.log(MIN_FIT);
const share = (flags: readonly boolean[]) => (flags.length ? flags.filter(Boolean).length / flags.length : 0);

/**
 * How the moves of a decoded game (from ply `from` on; null before) stand in their positions: the move's share
 * among the legal moves, its fit on each box, its likeliest rival's fit, the clearest box's clarity,
 * whether the recognizer's own reading of a box is one of its written forms, and whether the rival fits as well, or some
 * box better (`tied`: only the game tells them apart).
 */
type PlyReading = { local: number; gaps: number[]; rival: string | null; rivalFit: number; clarity: number; readAsWritten: boolean; tied: boolean };

function readPath(plies: readonly PlyObservation[], scorings: readonly BoxScores[], moves: readonly { san: string }[], from: number, positions: Positions): (PlyReading | null)[] {
  let fen = START_FEN;
  return moves.map(({ san }, ply) => {
    const position = fen;
    fen = positions.play(fen, san);
    if (ply < from) return null;
    const observation = plies[ply];
    const scoring = scorings[ply];
    const { sans, origins, scores, best, total } = legalScores(position, scoring, positions);
    const chosen = sans.indexOf(san);
    const rival = scores.reduce((r, score, i) => (i !== chosen && (r < 0 || score > scores[r]) ? i : r), -1);
    // compared as the recognizer's classes (it reads Turkish Ş as S)
    const written = (box: number) => new Set(scoring.formsOf(san, origins[chosen], box).map((form) => encodeText(form).join()));
    const gaps = scoring.gaps(san, origins[chosen]);
    const rivalGaps = rival < 0 ? [] : scoring.gaps(sans[rival], origins[rival]);
    const rivalFit = rival < 0 ? NO_FIT : bestFit(rivalGaps);
    return {
      local: Math.exp(scores[chosen] - best) / total,
      gaps,
      rival: rival < 0 ? null : sans[rival],
      rivalFit,
      tied: rivalFit === bestFit(gaps) || contested(gaps, rivalGaps),
      clarity: scoring.clarity,
      readAsWritten: observation.logProbs.some((logProbs, box) => written(box).has(greedyDecode(logProbs, observation.frames, CLASSES).join())),
    };
  });
}

/**
 * Whether the players' sheets each show another of two legal moves: some box fits the rival better than the move. Then
 * only the game tells which was played, as where a box fits both alike (a tie): a print hand with real people's digits
 * read Rh6 on one sheet and Rh5 on the other, the game as happy with either (a share of 0.51), and the calibration,
 * which weighs two sheets' moves as far surer, made it 0.974 sure, unflagged and wrong (README, *The whole benchmark
 * with a beam of 512*).
 */
const contested = (gaps: readonly number[], rivalGaps: readonly number[]) => gaps.length > 1 && rivalGaps.some((gap, box) => gap > gaps[box]);

/** The fit of a move that is not there (no rival: the only legal move). */
const NO_FIT = -30;

const sheetOf = (observation: PlyObservation, box: number) => observation.sheets?.[box] ?? box;
const sheetsIn = (plies: readonly PlyObservation[]) => new Set(plies.flatMap((observation) => observation.logProbs.map((_, box) => sheetOf(observation, box))));

/**
 * The sheets whose hand the reader is lost on (UNFAMILIAR_HAND): more than that share of the moves
 * read on the sheet fit its boxes badly.
 */
function lostSheets(plies: readonly PlyObservation[], readings: readonly (PlyReading | null)[]): number[] {
  const fits = new Map<number, boolean[]>();
  readings.forEach((reading, ply) =>
    reading?.gaps.forEach((gap, box) => {
      const sheet = sheetOf(plies[ply], box);
      const bad = fits.get(sheet) ?? [];
      if (bad.length === 0) fits.set(sheet, bad);
      bad.push(fitsBadly(gap));
    }),
  );
  return [...fits].filter(([, bad]) => bad.length >= UNFAMILIAR_HAND_MIN_MOVES && share(bad) > UNFAMILIAR_HAND).map(([sheet]) => sheet);
}

function withoutSheets(plies: readonly PlyObservation[], sheets: readonly number[]): PlyObservation[] {
  return plies.map((observation) => {
    const kept = observation.logProbs.map((_, box) => box).filter((box) => !sheets.includes(sheetOf(observation, box)));
    const asCut = observation.asCut ?? observation.logProbs;
    const { languages } = observation;
    return {
      frames: observation.frames,
      logProbs: kept.map((box) => observation.logProbs[box]),
      asCut: kept.map((box) => asCut[box]),
      sheets: kept.map((box) => sheetOf(observation, box)),
      ...(languages && { languages: kept.map((box) => languages[box]) }),
    };
  });
}
