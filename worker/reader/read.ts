import type { NotationLanguage } from "~/chess/languages";
import type { SheetLayoutId } from "~/sheets/templates";
import { CLASSES, decodeClasses, encodeText } from "./alphabet";
import { cropBox, cutOut, isWritten, measureBox, WRITTEN_INK, type BoxMeasure, type LeaningRect } from "./crops";
import { ctcLogLikelihood, greedyDecode } from "./ctc";
import { decodeGame, type DecodeOptions, type DecodedGame, type PlyObservation } from "./decode";
import type { NeighbourStrokes } from "./ownWriting";
import { locatePage } from "./page";
import { bestFramesProbability, disposeRecognizer, FRAMES, loadRecognizers, normalisedTo, recognize, recognizeMoveBoxes, type Recognizers } from "../model/recognizer";
import type { GrayImage } from "../vision/image";
import { DETECTION, VALUE_DETECTION, type DetectionCode, type ValueDetectionCode } from "~/sheets/status";

/** Below this probability a round or board number is reported as not detected rather than guessed. */
const VALUE_MIN_CONFIDENCE = 0.5;

export type StepResult = { status: DetectionCode; confidence: number };
/** A box on the straightened page, in its pixels (PAGE_PX_PER_MM). */
export type Region = { x: number; y: number; w: number; h: number };
/** The result written in the header, when it can be told: 1-0, 0-1 or a draw. */
export type WrittenResult = { value: "WHITE_WINS" | "BLACK_WINS" | "DRAW" | null; confidence: number };
export type ValueResult = { status: ValueDetectionCode; value: number | null; confidence: number };
/**
 * `logProbs`: the frames of the box's readings averaged (of the one, where it was read surely); `asCut`: the frames of the box as cut, on which a
 * move's fit is judged, and `features`: what the recognizer's output layer read them from, for adapting it to the
 * writer (recognizeMoveBoxes; readings stored before 2026-11-26 have no `asCut`, and are judged on `logProbs`).
 */
export type BoxReading = { ply: number; text: string; logProbs: Float32Array; asCut?: Float32Array; features?: Float32Array };

export type PageReading = {
  layout: StepResult & { layout: SheetLayoutId | null; page: number | null };
  boxes: StepResult;
  round: ValueResult;
  board: ValueResult;
  /** Written move boxes, by ply of the game (0 = White's first move). */
  moves: BoxReading[];
  /** On a hard page, the same boxes read by the recognizer normalised to the page's writing (readMoveBoxes). */
  normalised?: BoxReading[];
  result: WrittenResult;
  /** The page seen straight on (when the layout was found), and where its header and move boxes are. */
  page: GrayImage | null;
  regions: { round: Region | null; board: Region | null; result: Region | null; moves: { ply: number; region: Region }[] };
};

const NO_REGIONS: PageReading["regions"] = { round: null, board: null, result: null, moves: [] };

const notDone = (status: ValueDetectionCode): ValueResult => ({ status, value: null, confidence: 0 });
const NO_RESULT: WrittenResult = { value: null, confidence: 0 };

/** How a result is written: 1-0, 0-1, and a draw as ½-½ or 1/2 (the recognizer has no ½ or /, so a lone dash or 1 2). */
const RESULT_FORMS: { value: NonNullable<WrittenResult["value"]>; forms: string[] }[] = [
  { value: "WHITE_WINS", forms: ["1-0", "1:0"] },
  { value: "BLACK_WINS", forms: ["0-1", "0:1"] },
  { value: "DRAW", forms: ["-", "12", "12-12"] },
];

/** How likely a box's reading is to show the likeliest of `forms` (log, CTC). */
export const formsFit = (logProbs: Float32Array, forms: readonly string[]) => Math.max(...forms.map((form) => ctcLogLikelihood(logProbs, FRAMES, CLASSES, encodeText(form))));

/** The written result: the most likely of its forms, reported only when it is clearly the one. */
function readResult(logProbs: Float32Array): WrittenResult {
  const scores = RESULT_FORMS.map(({ value, forms }) => ({ value, score: formsFit(logProbs, forms) }));
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  const total = scores.reduce((sum, s) => sum + Math.exp(s.score - best.score), 0);
  const confidence = 1 / total;
  const written = Math.exp(best.score - ctcLogLikelihood(logProbs, FRAMES, CLASSES, greedyDecode(logProbs, FRAMES, CLASSES)));
  return confidence >= VALUE_MIN_CONFIDENCE && written > 0.01 ? { value: best.value, confidence } : { value: null, confidence };
}

/** A number as one recognizer reads it: digits only, the most likely string, with its CTC probability (null: no number). */
type NumberGuess = { value: number | null; confidence: number };

function guessNumber(logProbs: Float32Array): NumberGuess {
  const digitsOnly = new Float32Array(logProbs.length).fill(-Infinity);
  const digitClasses = encodeText("0123456789");
  for (let t = 0; t < FRAMES; t++) {
    digitsOnly[t * CLASSES] = logProbs[t * CLASSES];
    for (const c of digitClasses) digitsOnly[t * CLASSES + c] = logProbs[t * CLASSES + c];
  }
  const text = decodeClasses(greedyDecode(digitsOnly, FRAMES, CLASSES));
  if (!text || text.startsWith("0")) return { value: null, confidence: 0 };
  return { value: Number(text), confidence: numberProbability(logProbs, Number(text)) };
}

const numberProbability = (logProbs: Float32Array, value: number) => Math.exp(ctcLogLikelihood(logProbs, FRAMES, CLASSES, encodeText(String(value))));

/**
 * A round or board number, read by both recognizers (`byMoves`: the move-box recognizer's frames, `byHeader`: the
 * header recognizer's). The value: the move-box recognizer's reading, which reads unseen hands' digits better, else the
 * header recognizer's, when at least VALUE_MIN_CONFIDENCE sure. Its confidence: the geometric mean of both recognizers'
 * probabilities of it, so that a number only one of them reads is shown but never sure enough to send the sheet to a
 * pairing without the organiser (README, "Two readers for the round and board numbers").
 */
export function readNumber(byMoves: Float32Array, byHeader: Float32Array): ValueResult {
  const [moves, header] = [guessNumber(byMoves), guessNumber(byHeader)];
  const value = moves.confidence >= VALUE_MIN_CONFIDENCE ? moves.value : header.confidence >= VALUE_MIN_CONFIDENCE ? header.value : null;
  if (value === null) return { status: VALUE_DETECTION.noValueDetected, value: null, confidence: Math.max(moves.confidence, header.confidence) };
  return { status: VALUE_DETECTION.detected, value, confidence: Math.sqrt(numberProbability(byMoves, value) * numberProbability(byHeader, value)) };
}

/**
 * The steps of spec §4 on one photographed page: layout (which form, where), boxes, round and
 * board numbers, and the recognizer's frames for every written move box. A step that fails stops
 * the later ones and says so with its code.
 */
export async function readPage(photo: Uint8Array, recognizers?: Recognizers): Promise<PageReading> {
  const located = await locatePage(photo);
  if (!("boxes" in located)) {
    return {
      layout: { status: located.layout.status, confidence: located.layout.confidence, layout: null, page: null },
      boxes: { status: DETECTION.queued, confidence: 0 },
      round: notDone(VALUE_DETECTION.notStarted),
      board: notDone(VALUE_DETECTION.notStarted),
      moves: [],
      result: NO_RESULT,
      page: null,
      regions: NO_REGIONS,
    };
  }
  const { layout, page, boxes } = located;
  const template = layout.page;
  const layoutResult = { status: layout.status, confidence: layout.confidence, layout: template.layout, page: template.page };
  if (boxes.status !== DETECTION.detected) {
    return {
      layout: layoutResult,
      boxes: { status: boxes.status, confidence: boxes.confidence },
      round: notDone(VALUE_DETECTION.boxNotFound),
      board: notDone(VALUE_DETECTION.boxNotFound),
      moves: [],
      result: NO_RESULT,
      page,
      regions: NO_REGIONS,
    };
  }
  const { header, moves: movesRecognizer } = recognizers ?? (await loadRecognizers());
  const headerCrops = [boxes.header.round, boxes.header.board, boxes.header.result].map((rect) => (rect ? cropBox(page, rect) : null));
  // the header's boxes read by both recognizers: the round and board numbers need both, the result the header one
  const found = headerCrops.flatMap((crop, box) => (crop ? [{ box, pixels: crop.pixels }] : []));
  const byHeader = await recognize(header, found.map((crop) => crop.pixels));
  const byMoves = await recognize(movesRecognizer, found.map((crop) => crop.pixels));
  const framesOf = (box: number, frames: Float32Array[]) => frames[found.findIndex((crop) => crop.box === box)];
  const { moves, regions: moveRegions, normalised } = await readMoveBoxes(page, template.moveBoxes.map((box, i) => ({ ply: plyOf(box), region: boxes.moveBoxes[i] })), movesRecognizer);
  const [round, board] = [0, 1].map((box) => (headerCrops[box] ? readNumber(framesOf(box, byMoves), framesOf(box, byHeader)) : notDone(VALUE_DETECTION.boxNotFound)));
  const resultCrop = headerCrops[2];
  const result = resultCrop && isWritten(resultCrop) ? readResult(framesOf(2, byHeader)) : NO_RESULT;
  const regions = { round: boxes.header.round, board: boxes.header.board, result: boxes.header.result, moves: moveRegions };
  return { layout: layoutResult, boxes: { status: boxes.status, confidence: boxes.confidence }, round, board, moves, normalised, result, page, regions };
}

/** The ply of a move box: 0 for White's first move. */
export const plyOf = (box: { move: number; side: "w" | "b" }) => (box.move - 1) * 2 + (box.side === "w" ? 0 : 1);

/**
 * A page's move boxes read: the written ones (isWritten) cut out and read by the move-box recognizer, by ply, with
 * where each is on the page (`neighbours`: as measureBox).
 */
export async function readMoveBoxes(
  page: GrayImage,
  boxes: readonly { ply: number; region: LeaningRect }[],
  recognizer: Recognizers["moves"],
  neighbours = false,
): Promise<{ moves: BoxReading[]; regions: { ply: number; region: Region }[]; normalised?: BoxReading[] }> {
  // only the written move boxes are cut out for the recognizer
  const written = boxes
    .map((box) => ({ ...box, measure: measureBox(page, box.region, neighbours) }))
    .filter(({ measure }) => isWritten(measure))
    .map((box) => ({ ...box, crop: cutOut(page, box.measure) }))
    .sort((a, b) => a.ply - b.ply);
  const outputs = await recognizeMoveBoxes(recognizer, written.map((box) => box.crop.pixels));
  const read = written.map(({ ply, region, crop }, i) => {
    const { logProbs, asCut, features } = outputs[i];
    return { ply, region, pixels: crop.pixels, text: decodeClasses(greedyDecode(logProbs, FRAMES, CLASSES)), logProbs, asCut, features };
  });
  const kept = withoutTrailingTails(page, read);
  const moves = kept.map(({ region: _, pixels: __, ...move }) => move);
  const regions = kept.map(({ ply, region }) => ({ ply, region }));
  if (kept.length < MIN_NORMALISED_BOXES || mean(kept.map((move) => bestFramesProbability(move.asCut))) >= HARD_PAGE) return { moves, regions };
  // a hard page read again by the recognizer normalised to its own writing, for decoding to choose (readGameAdaptedToWriter)
  const crops = kept.map((move) => move.pixels);
  const normaliser = await normalisedTo(recognizer, crops);
  try {
    const again = await recognizeMoveBoxes(normaliser, crops);
    return { moves, regions, normalised: kept.map(({ ply }, i) => ({ ply, text: decodeClasses(greedyDecode(again[i].logProbs, FRAMES, CLASSES)), ...again[i] })) };
  } finally {
    await disposeRecognizer(normaliser);
  }
}

/**
 * A page whose written boxes the recognizer reads, on average, with less sure a path than this (bestFramesProbability of
 * the boxes as cut) is read a second time by the recognizer normalised to the page's own writing (normalisedTo). Chosen
 * on held-out sheets outside the benchmark (1000–1011 of every kind): the hands read worst (écolier-court 0.29, a
 * cursive writer's 0.36–0.37) are under it, most pages read at 0.45–0.80.
 */
const HARD_PAGE = 0.4;
/** Fewer boxes than this tell too little about a page's writing. */
const MIN_NORMALISED_BOXES = 8;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The boxes read, in order of ply, without the last ones that read as a character or none and whose only ink is a
 * neighbour's stroke reaching in: the descender of the last move's f or g in the box below it, read as a 1 or a 0 and
 * decoded as a move, which bent the game's last moves to let it go on. Within the game Kiebitz's own rows keep their cut
 * (README, "Writing across the lines"), and a neighbour's stroke is one only where it reaches a little way in.
 */
export function withoutTrailingTails<T extends { region: LeaningRect; text: string }>(page: GrayImage, read: readonly T[]): T[] {
  let end = read.length;
  while (end > 0 && read[end - 1].text.length <= 1 && onlyNeighbours(measureBox(page, read[end - 1].region, true, TRAILING_STROKES))) end--;
  return read.slice(0, end);
}
/** After the last move a neighbour's stroke may reach all the way into a box (a long descender). */
const TRAILING_STROKES: NeighbourStrokes = { reach: 1, weight: 1 };
/** Whether all a box's writing is its neighbours' strokes reaching in: left out, less than a written box's ink remains. */
const onlyNeighbours = (measure: BoxMeasure) => measure.own !== undefined && measure.ink < WRITTEN_INK;

/** Unwritten boxes in a row after which the game has ended, unless the writing goes on after them (RESUMING_BOXES). */
const GAME_END_GAP = 2;
/**
 * Written boxes a run (boxes with gaps of at most GAME_END_GAP between them) must hold for the game to go on after a
 * longer gap: moves a player left out in time trouble, or a hand so small that its first boxes look empty. Fewer are a
 * note or a smudge below the game.
 */
const RESUMING_BOXES = 4;

/** The written boxes of the run that starts at `sorted[from]`: each at most GAME_END_GAP after the one before. */
function runLength(sorted: readonly number[], from: number): number {
  let length = 1;
  while (from + length < sorted.length && sorted[from + length] - sorted[from + length - 1] <= GAME_END_GAP) length++;
  return length;
}

/**
 * The last ply of the game: the written boxes from the first, over gaps of a box or two (a move written too faintly),
 * and over longer gaps where a run of RESUMING_BOXES written boxes or more follows; up to a longer gap after which fewer follow.
 */
export function lastPly(plies: readonly number[]): number {
  const sorted = [...new Set(plies)].sort((a, b) => a - b);
  let last = -1;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i] - last > GAME_END_GAP && runLength(sorted, i) < RESUMING_BOXES) break;
    last = sorted[i];
  }
  return last;
}

type MoveFrames = Pick<BoxReading, "ply" | "logProbs" | "asCut" | "features">;
/**
 * What decoding needs of a page: the frames of its written move boxes, and on a hard page those read by the recognizer
 * normalised to the page's writing (`normalised`, the same plies; readMoveBoxes), and the notation language it is written
 * in where that is not the game's (`language`).
 */
export type PageMoves = { moves: readonly MoveFrames[]; normalised?: readonly MoveFrames[]; language?: NotationLanguage };

/** The notation language a sheet (its pages) is written in: its pages' where they name one, else the game's. */
export const sheetLanguage = (sheet: readonly PageMoves[], language: NotationLanguage) => sheet.find((page) => page.language)?.language ?? language;

/**
 * The pages by sheet, one writer each: pages that hold the same plies are on different players'
 * sheets. Taken in order (first pages first), each page joins the first sheet it does not overlap.
 */
export function sheetsOf(pages: readonly PageMoves[]): PageMoves[][] {
  const sheets: { pages: PageMoves[]; plies: Set<number> }[] = [];
  for (const page of pages) {
    const sheet = sheets.find(({ plies }) => page.moves.every((move) => !plies.has(move.ply)));
    if (sheet) sheet.pages.push(page);
    else sheets.push({ pages: [page], plies: new Set() });
    for (const move of page.moves) (sheet ?? sheets[sheets.length - 1]).plies.add(move.ply);
  }
  return sheets.map((sheet) => sheet.pages);
}

/**
 * The game of one or more pages (the pages of a 120-move form, of one or both players' sheets):
 * every ply up to the last written box, decoded as a legal game.
 */
export function readGame(pages: readonly PageMoves[], language: NotationLanguage, options: DecodeOptions = {}): DecodedGame {
  const byPly = new Map<number, { logProbs: Float32Array[]; asCut: Float32Array[]; sheets: number[]; languages: NotationLanguage[] }>();
  sheetsOf(pages).forEach((sheet, index) => {
    const written = sheetLanguage(sheet, language);
    for (const page of sheet) {
      for (const move of page.moves) {
        // a box where the recognizer sees no character at all holds a smudge or a shadow, not a move
        if (greedyDecode(move.logProbs, FRAMES, CLASSES).length === 0) continue;
        const boxes = byPly.get(move.ply) ?? { logProbs: [], asCut: [], sheets: [], languages: [] };
        boxes.logProbs.push(move.logProbs);
        boxes.asCut.push(move.asCut ?? move.logProbs);
        boxes.sheets.push(index);
        boxes.languages.push(written);
        byPly.set(move.ply, boxes);
      }
    }
  });
  const last = lastPly([...byPly.keys()]);
  const plies: PlyObservation[] = Array.from({ length: last + 1 }, (_, ply) => ({ frames: FRAMES, logProbs: [], sheets: [], ...byPly.get(ply) }));
  return decodeGame(plies, language, options);
}

/**
 * A sheet of this game read alone reads mostly this game's moves; one of another game does not: beyond this share of
 * different moves, two readings are of different games.
 */
const OTHER_GAME_DIFFERENT = 0.5;
const differentGames = (one: DecodedGame, other: DecodedGame) => one.moves.filter((move) => other.moves[move.ply]?.san !== move.san).length > OTHER_GAME_DIFFERENT * one.moves.length;

/** The pages read, apart: those of the game's sheets (`kept`) and those of sheets of another game (`other`), indices into the pages. */
export type GamesApart = { kept: number[]; other: number[] };

/**
 * Sheets of another game among the pages of a game's sheets (in its pairing by mistake: its round or board misread),
 * found by how `game`, their reading together, fits them, or null where there are none. A sheet left out of the game
 * (DecodedGame.leftOut) is another game's where it reads alone as a hand the reader knows writing other moves (one
 * in a hand the reader does not know reads alone as unfamiliar). Where the reader is lost on every sheet together
 * (two games' moves fit no one game), each sheet is read alone: those in a familiar hand writing other moves than
 * the sheet read best alone (the fewest moves flagged) are another game's.
 */
export function gamesApart(pages: readonly PageMoves[], game: DecodedGame, language: NotationLanguage, options: DecodeOptions = {}): GamesApart | null {
  const sheets = sheetsOf(pages);
  if (sheets.length < 2) return null;
  // the moves a person confirmed are this game's: a sheet alone is read without them
  const alone = (sheet: number) => readGame(sheets[sheet], language, { ...options, prefix: [], before: undefined });
  let other: number[];
  if (!game.unfamiliarHand) {
    other = game.leftOut.filter((sheet) => {
      const reading = alone(sheet);
      return !reading.unfamiliarHand && differentGames(reading, game);
    });
  } else {
    const readings = sheets.map((_, sheet) => alone(sheet));
    const familiar = readings.flatMap((reading, sheet) => (reading.unfamiliarHand ? [] : [sheet]));
    const flagged = (sheet: number) => readings[sheet].moves.filter((move) => move.flagged).length / Math.max(1, readings[sheet].moves.length);
    const best = familiar.reduce((a, b) => (flagged(b) < flagged(a) ? b : a), familiar[0]);
    other = familiar.filter((sheet) => sheet !== best && differentGames(readings[sheet], readings[best]));
  }
  if (other.length === 0) return null;
  const pagesOf = (which: number[]) => which.flatMap((sheet) => sheets[sheet].map((page) => pages.indexOf(page))).sort((a, b) => a - b);
  return { kept: pagesOf(sheets.map((_, sheet) => sheet).filter((sheet) => !other.includes(sheet))), other: pagesOf(other) };
}
