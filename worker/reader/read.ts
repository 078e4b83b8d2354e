import type * as TF from "@tensorflow/tfjs";
import type { NotationLanguage } from "~/chess/languages";
import type { SheetLayoutId } from "~/sheets/templates";
import { CLASSES, decodeClasses, encodeText } from "./alphabet";
import { cropBox } from "./crops";
import { ctcLogLikelihood, greedyDecode } from "./ctc";
import { decodeGame, type DecodeOptions, type DecodedGame, type PlyObservation } from "./decode";
import { locatePage } from "./page";
import { FRAMES, loadRecognizer, recognize } from "../model/recognizer";
import { DETECTION, VALUE_DETECTION, type DetectionCode, type ValueDetectionCode } from "./status";

/** Ink pixels (of the 32 × 160 crop) above which a box counts as written. */
const WRITTEN_INK = 30;
/** Below this probability a round or board number is reported as not detected rather than guessed. */
const VALUE_MIN_CONFIDENCE = 0.5;

export type StepResult = { status: DetectionCode; confidence: number };
export type ValueResult = { status: ValueDetectionCode; value: number | null; confidence: number };
export type BoxReading = { ply: number; text: string; logProbs: Float32Array };

export type PageReading = {
  layout: StepResult & { layout: SheetLayoutId | null; page: number | null };
  boxes: StepResult;
  round: ValueResult;
  board: ValueResult;
  /** Written move boxes, by ply of the game (0 = White's first move). */
  moves: BoxReading[];
};

const notDone = (status: ValueDetectionCode): ValueResult => ({ status, value: null, confidence: 0 });

/** Reads a number from its frames: digits only, most likely string, with its CTC probability. */
function readNumber(logProbs: Float32Array): ValueResult {
  const digitsOnly = new Float32Array(logProbs.length).fill(-Infinity);
  const digitClasses = encodeText("0123456789");
  for (let t = 0; t < FRAMES; t++) {
    digitsOnly[t * CLASSES] = logProbs[t * CLASSES];
    for (const c of digitClasses) digitsOnly[t * CLASSES + c] = logProbs[t * CLASSES + c];
  }
  const text = decodeClasses(greedyDecode(digitsOnly, FRAMES, CLASSES));
  if (!text || text.startsWith("0")) return notDone(VALUE_DETECTION.noValueDetected);
  const confidence = Math.exp(ctcLogLikelihood(logProbs, FRAMES, CLASSES, encodeText(text)));
  if (confidence < VALUE_MIN_CONFIDENCE) return { status: VALUE_DETECTION.noValueDetected, value: null, confidence };
  return { status: VALUE_DETECTION.detected, value: Number(text), confidence };
}

/**
 * The steps of spec §4 on one photographed page: layout (which form, where), boxes, round and
 * board numbers, and the recognizer's frames for every written move box. A step that fails stops
 * the later ones and says so with its code.
 */
export async function readPage(photo: Uint8Array, model?: TF.LayersModel): Promise<PageReading> {
  const located = await locatePage(photo);
  if (!("boxes" in located)) {
    return {
      layout: { status: located.layout.status, confidence: located.layout.confidence, layout: null, page: null },
      boxes: { status: DETECTION.queued, confidence: 0 },
      round: notDone(VALUE_DETECTION.notStarted),
      board: notDone(VALUE_DETECTION.notStarted),
      moves: [],
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
    };
  }
  const recognizer = model ?? (await loadRecognizer());
  const headerCrops = [boxes.header.round, boxes.header.board].map((rect) => (rect ? cropBox(page, rect) : null));
  const moveCrops = template.moveBoxes.map((box, i) => ({ box, crop: cropBox(page, boxes.moveBoxes[i]) }));
  const written = moveCrops.filter(({ crop }) => crop.ink >= WRITTEN_INK);
  const inputs = [...headerCrops.filter((c) => c !== null), ...written.map((w) => w.crop)].map((c) => c!.pixels);
  const outputs = await recognize(recognizer, inputs);
  let next = 0;
  const [round, board] = headerCrops.map((crop) => (crop ? readNumber(outputs[next++]) : notDone(VALUE_DETECTION.boxNotFound)));
  const moves = written.map(({ box }) => {
    const logProbs = outputs[next++];
    const ply = (box.move - 1) * 2 + (box.side === "w" ? 0 : 1);
    return { ply, text: decodeClasses(greedyDecode(logProbs, FRAMES, CLASSES)), logProbs };
  });
  moves.sort((a, b) => a.ply - b.ply);
  return { layout: layoutResult, boxes: { status: boxes.status, confidence: boxes.confidence }, round, board, moves };
}

/** What decoding needs of a page: the frames of its written move boxes. */
export type PageMoves = { moves: readonly Pick<BoxReading, "ply" | "logProbs">[] };

/**
 * The game of one or more pages (the pages of a 120-move form; with `otherPlayer`, the pages of the
 * opponent's sheet of the same game too): every ply up to the last written box, decoded as a legal game.
 */
export function readGame(pages: readonly PageMoves[], language: NotationLanguage, options: DecodeOptions & { otherPlayer?: readonly PageMoves[] } = {}): DecodedGame {
  const byPly = new Map<number, Float32Array[]>();
  for (const page of [...pages, ...(options.otherPlayer ?? [])]) {
    for (const move of page.moves) byPly.set(move.ply, [...(byPly.get(move.ply) ?? []), move.logProbs]);
  }
  const last = Math.max(-1, ...byPly.keys());
  const plies: PlyObservation[] = Array.from({ length: last + 1 }, (_, ply) => ({ frames: FRAMES, logProbs: byPly.get(ply) ?? [] }));
  return decodeGame(plies, language, options);
}
