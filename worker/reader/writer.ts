import { squaresLeft } from "~/chess/candidates";
import type { NotationLanguage } from "~/chess/languages";
import { adaptHead, headLogProbs, type WriterSample } from "../model/adapt";
import { FRAMES, mixedReadings, type Head } from "../model/recognizer";
import { CLASSES, encodeText } from "./alphabet";
import { ctcLogLikelihood, greedyDecode } from "./ctc";
import { COLON, namesFiles, partingPly, sheetForms, type DecodeOptions, type DecodedGame, type DecodedMove } from "./decode";
import { withFoundLanguages } from "./language";
import { alignedPages, closedRows, type BoxPlies, type Renumbered } from "./align";
import { rowLeftOut } from "./leftOut";
import { Positions } from "./positions";
import { formsFit, gamesApart, readGame, sheetLanguage, sheetsOf, type PageMoves } from "./read";

/** A decoded move the decoder gives at least this share of the probability (MoveEvidence.posterior) teaches the recognizer how its writer writes it. */
const TEACHING_POSTERIOR = 0.99;
/**
 * When fewer of the moves than this share are that sure, the first reading is too unsure to learn from. At 0.3 a hand
 * read with 28% of its moves sure was not adapted, where 30% was, and adapting lifted such a sheet from 46 to 80 moves
 * right of 86 (README, "What a move does": at 0.2 the sheets where choices are made read the same).
 */
const MIN_TEACHING_SHARE = 0.2;
/** Fewer boxes than this tell too little about a hand. */
const MIN_TEACHING_BOXES = 8;
/**
 * The adapted reading of a box is mixed with the first, the adapted at this share: what the sheet's sure moves never
 * showed (a piece letter written only in unsure moves) keeps the recognizer's general knowledge, and where the two
 * readings are sure of different characters, the writer's own moves decide. Half and half until 2026-12-07: on 13
 * held-out sets (30,676 moves, benchmark sheets 0–31 and choice sheets 1000–1015) 0.6 flagged 7% fewer moves (4,103 →
 * 3,813) with as many right (+10) and as many wrong unflagged (32); 0.7 16% fewer for 11 more wrong unflagged under the
 * confidence calibrated at half and half (README, *The writer's own reading weighed more*).
 */
const ADAPTED_SHARE = 0.6;
const SHARES = [1 - ADAPTED_SHARE, ADAPTED_SHARE];

/** A box's first reading mixed with its reading by the layer adapted to the writer (ADAPTED_SHARE). */
export const withAdaptedReading = (first: Float32Array, adapted: Float32Array) => mixedReadings([first, adapted], SHARES);

/** A move of the game read: its SAN and the square it leaves (for its long algebraic forms). */
type SureMove = { san: string; from: string };

/**
 * The pages of one sheet read again by `head` fine-tuned on the boxes of the plies in `sure`, each labelled as the form of
 * its move it most likely shows, mixed with their first reading; and the fine-tuned layer (the same where too few boxes teach).
 */
async function adaptSheet(sheet: readonly PageMoves[], sure: ReadonlyMap<number, SureMove>, language: NotationLanguage, head: Head): Promise<{ pages: PageMoves[]; head: Head }> {
  const samples: WriterSample[] = [];
  // a writer who names the file his piece leaves (Ngf3) is taught by such forms too, as the decoder reads his sheet
  const named = namesFiles(sheet.flatMap((page) => page.moves.map((move) => ({ frames: FRAMES, logProbs: [move.logProbs] }))));
  for (const page of sheet) {
    for (const move of page.moves) {
      const known = sure.get(move.ply);
      // a box with no character read is a smudge that readGame leaves out (the move was read on the other sheet)
      const read = greedyDecode(move.logProbs, FRAMES, CLASSES);
      if (known === undefined || !move.features || read.length === 0) continue;
      // a pawn's capture written with a colon (e:d5) where the box reads one, as decoding scores it
      const labels = sheetForms(known.san, sheetLanguage(sheet, language), { from: known.from, long: true, named, colon: read.includes(COLON) }).map(encodeText);
      const scores = labels.map((label) => ctcLogLikelihood(move.logProbs, FRAMES, CLASSES, label));
      samples.push({ features: move.features, label: labels[scores.indexOf(Math.max(...scores))] });
    }
  }
  if (samples.length < MIN_TEACHING_BOXES) return { pages: [...sheet], head };
  const adapted = await adaptHead(head, samples);
  const pages = await Promise.all(
    sheet.map(async (page) => {
      const logProbs = await headLogProbs(adapted, page.moves.map((move) => move.features!));
      const adaptedMoves = page.moves.map((move, i) => ({
        ...move,
        logProbs: withAdaptedReading(move.logProbs, logProbs[i]),
        asCut: move.asCut && withAdaptedReading(move.asCut, logProbs[i]),
      }));
      return { moves: adaptedMoves, language: page.language };
    }),
  );
  return { pages, head: adapted };
}

/** The decoder's share of a move's probability; a move a person confirmed is certain. */
const posterior = (move: DecodedMove) => move.evidence?.posterior ?? 1;
/**
 * The moves of a reading sure enough to teach the recognizer how its writer writes them, by ply, with the square each
 * leaves; none where fewer than MIN_TEACHING_SHARE of the moves are.
 */
export function teachingMoves(game: DecodedGame): Map<number, SureMove> | null {
  const from = squaresLeft(game.moves.map((move) => move.san));
  const sure = new Map(game.moves.filter((move) => posterior(move) >= TEACHING_POSTERIOR).map((move) => [move.ply, { san: move.san, from: from[move.ply] }]));
  return sure.size < MIN_TEACHING_SHARE * game.moves.length ? null : sure;
}
/** Moves flagged for review (every move of a hand flagged whole). */
const flaggedMoves = (game: DecodedGame) => game.moves.filter((move) => move.flagged).length;
/** The share of the game's boxes that fit its moves badly (MoveEvidence.unfitting; none where no move was read). */
const unfitting = (game: DecodedGame) => game.moves.find((move) => move.evidence)?.evidence?.unfitting ?? 0;
/**
 * Rounds of adapting: the second, where the first adapted reading still flags moves, goes on fine-tuning the first
 * round's layer, taught by the moves that reading is sure of, more than the first reading was (README, "Adapting to
 * the writer twice").
 */
const ADAPTING_ROUNDS = 2;

export type WriterReading = {
  /** The game as read in the end. */
  game: DecodedGame;
  /** The game as read before adapting to the writer. */
  first: DecodedGame;
  /** Whether an adapted reading was kept. */
  adapted: boolean;
  /** The pages (indices into the pages read) of sheets of another game, which the game was read without (gamesApart). */
  otherGames: number[];
};

/**
 * The notation language each page was read in: its own, or another its sheet's boxes fit far better (withFoundLanguages);
 * and where its boxes stand in the game where a player left a move out or wrote one twice (alignedPages).
 */
type ReadLanguages = { languages: NotationLanguage[]; boxPlies: BoxPlies };

/**
 * Reads the game from the pages of one or both players' sheets, then adapts the recognizer to the
 * hand of each sheet and reads it again: a sheet is one writer writing dozens of moves, and the moves
 * read surely the first time (and those a person confirmed) show how this writer forms the
 * characters. Each sheet's output layer is fine-tuned on its sure boxes, and the game decoded again
 * from what the adapted layers read; then, where moves are still flagged, the layers are fine-tuned further,
 * taught by the moves that reading is sure of. Each adapted reading is kept when it leaves no more moves flagged than the
 * reading before (where it learnt something wrong, the game it reads fits the boxes worse and more of it
 * is in doubt). The first reading stays when the hand is unfamiliar, too few moves are sure, or the
 * readings lack the recognizer's features (README, "Adapting to the writer"). Where the first reading shows a sheet
 * of another game among them (gamesApart), the game is read from its own sheets alone, and the other's pages named.
 * Where a hard page was read again by the recognizer normalised to its writing (PageMoves.normalised), the game is read
 * all over from those readings too, and kept when it leaves fewer moves flagged and its boxes fit its moves no worse
 * (fewer flags alone once traded a joined hand's 14 moves right for one flag fewer: README, "A hard page read again").
 * Before all this, a sheet whose moves read doubtfully in the language it was given is read in the language its boxes
 * fit far better, unless a person chose its language (withFoundLanguages); `languages` says which each page was read in.
 * And before that, two players' sheets are aligned row by row where one left a move out or wrote one twice
 * (alignedPages), and a sheet alone with a row of the form left blank or a move written twice is also read without
 * the row (closedRows), kept where it then reads better (rowsReadBetter); `boxPlies` says where such a sheet's boxes stand
 * in the game. The game as numbered, where it flags many moves, is first searched again wider (searchedWider), and where
 * that finds a likelier game, the readings in other languages and after adapting to the writer search as widely around
 * where the two games part (rows read otherwise and trials of a row left out do not: they are weighed against that game).
 */
export async function readGameAdaptedToWriter(pagesAsNumbered: readonly PageMoves[], language: NotationLanguage, head: Head, options: WriterOptions = {}): Promise<WriterReading & ReadLanguages> {
  // the later decodings meet mostly the positions of the first
  let decoding: WriterOptions & { positions: Positions } = { ...options, positions: options.positions ?? new Positions(options.prior) };
  // a player who left a move out or wrote one twice: his boxes numbered as the game's plies
  const aligned = alignedPages(pagesAsNumbered);
  let { pages, boxPlies } = aligned;
  const searched = searchedWider(pages, language, decoding, readGame(pages, language, decoding));
  const asNumbered = searched.game;
  let given = asNumbered;
  // the rows read another way, kept where it reads better (rowsReadBetter): a sheet alone with a row of the form left blank
  // or a move written twice read without the row; of two sheets, a row one holds alone taken the other way
  const doubted = new Set(given.moves.flatMap((move) => (move.flagged ? [move.ply] : [])));
  const numbered = pages;
  for (const otherwise of aligned.otherwise ? [aligned.otherwise] : closedRows(numbered, doubted)) {
    const read = readGame(otherwise.pages, language, decoding);
    const shown = otherwise.closed === "written" ? readsAsWrittenAgain(numbered, otherwise.boxPlies, asNumbered, read, language) : 0;
    if (shown === null) continue;
    if (rowsReadBetter(read, given, otherwise.closed, shown)) ({ pages, boxPlies, given } = { ...otherwise, given: read });
  }
  // a sheet alone read as numbered, where a move left out explains where its game goes wrong: read with that row left out
  const leftOut = given === asNumbered ? rowLeftOut(pages, given, language, decoding) : null;
  if (leftOut) {
    ({ pages, boxPlies } = leftOut.opened);
    decoding = { ...decoding, unsure: leftOut.unsure };
    given = leftOut.game;
  }
  // read again after adapting, the game would be lost at the same box: those readings search as widely around it
  if (searched.widened) decoding = { ...decoding, ...searched.widened };
  options.onStep?.();
  const written = withFoundLanguages(pages, language, options.languageChosen ?? new Set(), decoding, given);
  const languages = written.map((page) => page.language ?? language);
  const reading = await readAdapted(written, language, head, decoding, written.every((page, i) => page === pages[i]) ? given : undefined);
  if (!written.some((page) => page.normalised)) return { ...reading, languages, boxPlies };
  const again = await readAdapted(
    written.map((page) => (page.normalised ? { moves: page.normalised, language: page.language } : page)),
    language,
    head,
    decoding,
  );
  return { ...(readsBetter(again.game, reading.game) ? again : reading), languages, boxPlies };
}

/**
 * A game whose search lost the right move at a misread box (it fell out of decode.ts's BEAM_SPAN at its ply) goes on
 * astray, its moves after that box flagged or read surely wrong (the moves that need the right one read as others,
 * or as a move left out: on held-out sheets a print sheet 48 of 82 moves right, 20 wrong unflagged, and a fonts sheet
 * 20 of 78, 54 wrong unflagged). A game with this share of its moves flagged or more is searched again over WIDE_SPAN.
 * On 64 held-out sheets (fonts, joined, print, cursive) only sheets flagged so were read otherwise by a span of 20.
 */
const WIDER_WHERE_FLAGGED = 0.4;
/** The span of that second search: 14 found the right game on both sheets above, 20 the same games at up to 5 times the time. */
const WIDE_SPAN = 16;
/**
 * How much likelier (natural log) the game found so must be to be taken: a game barely likelier is mostly the same
 * game, and the readings after it would search as widely, for up to two and a half times the time where nothing
 * changes (cursive sheet 14: 5.2 → 12.6 s of CPU; 7.3 s with this margin).
 */
const WIDER_LIKELIER = 5;
/**
 * The plies the readings after a game found so search as widely: from this many before the ply where it parts from the
 * game searched as usual to WIDENED_AFTER after it (the right move fell out of the span at that box, or a few plies later
 * behind a wrong game that read on well for a while). Everywhere, every later reading took two to three times as long;
 * on bench sheets 0–31 (fonts, print, cursive) the 13 sheets searched so read the same games on fonts and cursive, on
 * print 4 moves more right and 41 fewer flagged, in 18–34% less CPU (cursive 32.8 → 21.7 s; README, *The later
 * readings searched wider only where the game went astray*). Up to 8 plies after it, print lost 2 moves on one sheet.
 */
const WIDENED_BEFORE = 4;
const WIDENED_AFTER = 16;

/**
 * `game`, read from `pages`, or where it flags many moves and a search over WIDE_SPAN finds a game likelier by
 * WIDER_LIKELIER, that game, and the span it was found in with the plies where later readings search so (`widened`).
 */
function searchedWider(pages: readonly PageMoves[], language: NotationLanguage, decoding: DecodeOptions, game: DecodedGame): { game: DecodedGame; widened?: Pick<DecodeOptions, "beamSpan" | "widenedPlies"> } {
  // a hand the reader is lost on goes to a person whole: another search would only take time
  if (game.unfamiliarHand || flaggedMoves(game) < WIDER_WHERE_FLAGGED * game.moves.length) return { game };
  const wider = readGame(pages, language, { ...decoding, beamSpan: WIDE_SPAN });
  if (!(wider.logLikelihood > game.logLikelihood + WIDER_LIKELIER)) return { game };
  // where the game went astray: the later readings search as widely there, not everywhere
  const at = partingPly(wider, game);
  return { game: wider, widened: { beamSpan: WIDE_SPAN, widenedPlies: { from: at - WIDENED_BEFORE, to: at + WIDENED_AFTER } } };
}

/**
 * Whether the boxes a sheet's rows closed as written again leave out (`boxPlies` -1) could show the moves `closed` (the
 * game read so) reads in the row above them, and if so how much better (natural log, a box) they fit those moves than
 * the moves `numbered` (the game read as numbered) reads there (rowsReadBetter's `shown`); null where they could not.
 * They could where they fit the moves read there as numbered better by no more than WRITTEN_AGAIN_MARGIN a box. A row
 * written twice shows the row above again; a real row read badly only looks like it (Bb4 c6 below Bxd2 Bd7, a joined
 * hand with real digits: its boxes fit Bb4 and c6 by −2.7 and −1.4, Bxd2 and Bd7 by −11.7 and −17.3), and was closed
 * where the game fitted the other boxes better by a little more than ROWS_LIKELIER, then read on surely two plies early
 * (21 of 83 moves right, 41 wrong unflagged). And the boxes must fit those moves nearly as well as the row above's own
 * boxes do, worse by no more than SAME_WRITING_MARGIN a box: the same writer wrote the same moves twice. A real row one
 * character apart from the row above, in a hand whose letters the recognizer misreads, passes the first test and fails
 * this one (README, *A real row closed as the row above written again*).
 */
export function readsAsWrittenAgain(pages: readonly PageMoves[], boxPlies: BoxPlies, numbered: DecodedGame, closed: DecodedGame, language: NotationLanguage): number | null {
  let [asAbove, asNumbered, boxes] = [0, 0, 0];
  // the row above's own boxes (a sheet alone: its boxes' plies are its own), and how well they and the boxes closed fit its moves
  const boxAt = new Map(pages.flatMap((page) => page.moves.map((move) => [move.ply, { move, page }] as const)));
  let [closedAsAbove, aboveAsAbove, ownBoxes] = [0, 0, 0];
  const fitOn = (page: PageMoves) => (logProbs: Float32Array, san: string) => formsFit(logProbs, sheetForms(san, page.language ?? language));
  pages.forEach((page, p) => {
    const fit = fitOn(page);
    // the boxes before the first row closed stand where they are numbered
    const gamePly = new Map(boxPlies[p] ?? []);
    for (const [ply, at] of gamePly) {
      if (at !== -1) continue;
      const box = page.moves.find((move) => move.ply === ply);
      const [above, there] = [closed.moves[gamePly.get(ply - 2) ?? ply - 2]?.san, numbered.moves[ply]?.san];
      // a box read as nothing (a row left blank) tells neither
      if (!box || !above || !there || greedyDecode(box.logProbs, FRAMES, CLASSES).length === 0) continue;
      const fitAbove = fit(box.logProbs, above);
      asAbove += fitAbove;
      asNumbered += fit(box.logProbs, there);
      boxes++;
      const own = boxAt.get(ply - 2);
      if (!own) continue;
      closedAsAbove += fitAbove;
      aboveAsAbove += fitOn(own.page)(own.move.logProbs, above);
      ownBoxes++;
    }
  });
  const again = asAbove + WRITTEN_AGAIN_MARGIN * boxes >= asNumbered && closedAsAbove + SAME_WRITING_MARGIN * ownBoxes >= aboveAsAbove;
  return again ? (asAbove - asNumbered) / Math.max(1, boxes) : null;
}
/**
 * How much better (natural log, a box) a closed row's boxes may fit the moves read there as numbered than the row above's
 * and still be taken for it written again. It was 10 (on 36 held-out sheets with a move written twice, rows rightly closed
 * fitted them up to 7.4 better, a print hand read with the moves of the row above as closed read them so; the real row
 * closed in error, 12.5) until rows also had to fit the row above as its own boxes do (SAME_WRITING_MARGIN). On 308
 * held-out sheets (README, *A row written again that its boxes show*) the rows rightly closed that passed that test and
 * gained anything fitted them at most 2.9 better, and a real row fitting them 4.9 better was closed (print with real
 * digits, sheet 32: 37. Rff5 Qxg2, read Rf5 Qxg7, below 36. Rxc5 Qxg6, a gain of 7.6; read two plies early from there,
 * 72 of 85 moves right and 8 wrong unflagged; read as numbered, 85 of 85).
 */
const WRITTEN_AGAIN_MARGIN = 4;
/**
 * How much worse (natural log, a box) a closed row's boxes may fit the row above's moves than the row above's own boxes do:
 * on 36 held-out sheets with a move written twice (fonts, print, cursive 0–11) the rows rightly closed fitted them at most
 * 4.6 worse (a print hand; 3 or less on all but two), the real row closed in error 9.3 (cursive, real openings, sheet
 * 1092: Qf2 Re6 below Qf3 Rf6, in Portuguese, the hand's D and T read as L and F).
 */
const SAME_WRITING_MARGIN = 7;

/**
 * Whether a game read with the sheets' rows taken another way is the better. A sheet read alone with only blank rows
 * closed (`closed` "blank") loses no writing: fewer moves flagged, or the game likelier (read as numbered, a blank
 * row's plies are two moves played and not written, the rest of the game as closed, and their prior alone tells: with a
 * beam of 512 such a game came to be as sure as the one closed, fonts 97.0 → 94.1% right with a row left blank on fewer
 * flags alone). With a written row left out ("written"), its game fits its boxes clearly better, move for move
 * (ROWS_LIKELIER; ROWS_LIKELIER_SHOWN where its boxes themselves fit the row above's moves by SHOWN_AGAIN a box better
 * than the moves read there as numbered: `shown`, readsAsWrittenAgain's), in a hand the reader knows (in one it does
 * not, how well a game fits tells little: a hand flagged whole was read with a row it wrote closed, 38 → 12 moves
 * right). Flags alone do not tell there: a game read with a row less has two moves less to flag (in a hand flagged
 * throughout that alone made a row read alike by chance look like a move written twice), and a game read as numbered
 * past a move written twice is often sure of every move after it, a move apart (README, *A move written twice*, *Rows
 * written again, told by how the game fits*). Two players' sheets with a row one holds alone taken the other way
 * (`closed` undefined): more moves read surely, or fewer flagged where most are read surely (their plies hold one box
 * or two, so a move's likelihood does not compare: held to ROWS_LIKELIER, cursive pairs with a move written twice read
 * 99.2 → 95.0% right).
 */
export const rowsReadBetter = (other: DecodedGame, game: DecodedGame, closed?: Renumbered["closed"], shown = 0) => {
  const fewerFlagged = flaggedMoves(other) < flaggedMoves(game);
  if (closed === "blank") return fewerFlagged || other.logLikelihood > game.logLikelihood;
  if (closed === "written") {
    // the game's log-likelihood as if it had the other's number of moves, each as likely as its moves on average
    const asLong = (game.logLikelihood * other.moves.length) / Math.max(1, game.moves.length);
    return !other.unfamiliarHand && other.logLikelihood > asLong + (shown >= SHOWN_AGAIN ? ROWS_LIKELIER_SHOWN : ROWS_LIKELIER);
  }
  const sure = (read: DecodedGame) => read.moves.length - flaggedMoves(read);
  return sure(other) > sure(game) || (fewerFlagged && flaggedMoves(other) < other.moves.length / 2);
};
/**
 * How much likelier (natural log) a game read with rows taken another way must be, besides its length: on held-out
 * sheets (fonts and cursive, sheets 0–31, with a move written twice and without) rows written again closed gained 9–334
 * (three sheets 5.6–8.6, kept as numbered), rows read alike by chance at most 5 in hands the reader was not lost in
 * (4.7 the most measured: fonts sheet 7 without a slip). It was 8 until a closed row's boxes had to fit the row above's
 * moves as its own boxes do (readsAsWrittenAgain): at 5, fonts sheet 7 with a move written twice (a gain of 5.6) is read
 * 157 → 179 of 179 moves right, 14 → 0 wrong unflagged, no other of 131 held-out sheets changed; at 3, the row alike by
 * chance on sheet 7 without a slip, which fits the row above as its own boxes do, is closed (178 → 159 right): its boxes
 * fit the moves read there as numbered as well as the row above's (SHOWN_AGAIN tells such rows).
 */
const ROWS_LIKELIER = 5;
/**
 * How much better (natural log, a box) a closed row's boxes must fit the row above's moves than the moves read there as
 * numbered for its game to need only ROWS_LIKELIER_SHOWN. Read as numbered, a row written again holds two moves made up to
 * fit it, which fit it worse than the moves it shows; a row alike by chance holds its own moves, which fit it as well or
 * better. On 244 held-out sheets (fonts, joined, print, cursive, Debian's hands; with a move written twice and without),
 * 77 of the 109 rows written again that were tried fitted the row above's moves 4 a box better or more (up to 27.7), and
 * none of the 79 rows alike by chance did (the most, 0.88 better).
 */
const SHOWN_AGAIN = 4;
/**
 * The gain a game with such a row closed needs: read as numbered, the moves made up for a row written again may fit it
 * about as well as the game's other moves fit theirs, and closing it then gains little (fonts sheet 9 with a move written
 * twice: 3.4, its boxes 6.4 a box better as the row above; as numbered, 36 of 83 moves right, 44 wrong unflagged; closed,
 * 83 of 83). No other of the 244 sheets was read otherwise.
 */
const ROWS_LIKELIER_SHOWN = 2;

/** Whether a game read from other readings of the same boxes is the better: fewer moves flagged, its boxes fitting it no worse. */
export const readsBetter = (other: DecodedGame, game: DecodedGame) => flaggedMoves(other) < flaggedMoves(game) && unfitting(other) <= unfitting(game);

type WriterOptions = DecodeOptions & {
  /** The pages (indices) whose notation language a person chose: read in it, never in another (withFoundLanguages). */
  languageChosen?: ReadonlySet<number>;
};

/** readGameAdaptedToWriter on one reading of each page; `read`, the game as the pages were read already in their languages. */
async function readAdapted(pages: readonly PageMoves[], language: NotationLanguage, head: Head, options: WriterOptions & { positions: Positions }, read?: DecodedGame): Promise<WriterReading> {
  const first = read ?? readGame(pages, language, options);
  options.onStep?.();
  const apart = gamesApart(pages, first, language, options);
  if (apart) {
    // the game is read from its own sheets alone
    const own = await readAdapted(apart.kept.map((page) => pages[page]), language, head, options);
    return { ...own, otherGames: [...apart.other, ...own.otherGames.map((page) => apart.kept[page])].sort((a, b) => a - b) };
  }
  const withFeatures = pages.every((page) => page.moves.every((move) => move.features?.length === FRAMES * head.width));
  if (first.unfamiliarHand || !withFeatures) return { game: first, first, adapted: false, otherGames: [] };
  let game = first;
  const sheets = sheetsOf(pages);
  let heads = sheets.map(() => head);
  for (let round = 0; round < ADAPTING_ROUNDS; round++) {
    // with no move flagged, a later round cannot send fewer to a person
    if (round > 0 && flaggedMoves(game) === 0) break;
    const sure = teachingMoves(game);
    if (!sure) break;
    // each round goes on fine-tuning the layer of the round before, taught by the latest reading, on the first reading's boxes
    const adapted = await Promise.all(sheets.map((sheet, i) => adaptSheet(sheet, sure, language, heads[i])));
    options.onStep?.();
    const next = readGame(adapted.flatMap((a) => a.pages), language, { ...options, before: first.moves });
    if (flaggedMoves(next) > flaggedMoves(game)) break;
    heads = adapted.map((a) => a.head);
    game = next;
  }
  return { game, first, adapted: game !== first, otherGames: [] };
}
