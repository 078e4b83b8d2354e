import { FRAMES } from "../model/recognizer";
import { CLASSES } from "./alphabet";
import type { BoxReading, PageMoves } from "./read";

/**
 * A page's reading as stored: per written move box its frames (float32), those of the box as cut (`asCut`,
 * read.ts; readings stored before 2026-11-26 have none), and the recognizer's features in bytes between
 * `range` (for adapting to the writer at decoding; readings stored before 2026-11-25 have none, and are
 * decoded without adapting).
 */
type StoredMove = { ply: number; text: string; frames: string; asCut?: string; features?: string; range?: [number, number] };
/** `normalised`: on a hard page, its boxes read by the recognizer normalised to its writing (read.ts; none before 2026-12-03). */
export type StoredReading = { moves: StoredMove[]; normalised?: StoredMove[] };

const framesToText = (logProbs: Float32Array) => Buffer.from(logProbs.buffer, logProbs.byteOffset, logProbs.byteLength).toString("base64");
function framesFromText(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  const frames = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(frames.buffer).set(bytes);
  if (frames.length !== FRAMES * CLASSES) throw new Error("stored reading has the wrong size");
  return frames;
}

/** Features as bytes between their least and greatest value: a quarter of their float size, and precise enough to adapt on. */
function featuresToText(features: Float32Array): { features: string; range: [number, number] } {
  let [low, high] = [Infinity, -Infinity];
  for (const value of features) [low, high] = [Math.min(low, value), Math.max(high, value)];
  const step = (high - low) / 255 || 1;
  return { features: Buffer.from(Uint8Array.from(features, (value) => Math.round((value - low) / step))).toString("base64"), range: [low, high] };
}
function featuresFromText(text: string, [low, high]: [number, number]): Float32Array {
  const step = (high - low) / 255 || 1;
  return Float32Array.from(Buffer.from(text, "base64"), (byte) => low + byte * step);
}

const storedMove = (move: BoxReading): StoredMove => ({
  ply: move.ply,
  text: move.text,
  frames: framesToText(move.logProbs),
  ...(move.asCut ? { asCut: framesToText(move.asCut) } : {}),
  ...(move.features ? featuresToText(move.features) : {}),
});
const movesOf = (stored: readonly StoredMove[]): PageMoves["moves"] =>
  stored.map((move) => ({
    ply: move.ply,
    logProbs: framesFromText(move.frames),
    asCut: move.asCut ? framesFromText(move.asCut) : undefined,
    features: move.features && move.range ? featuresFromText(move.features, move.range) : undefined,
  }));

/** What is stored of a page's move boxes. */
export const storedReading = (reading: { moves: readonly BoxReading[]; normalised?: readonly BoxReading[] }): StoredReading => ({
  moves: reading.moves.map(storedMove),
  ...(reading.normalised ? { normalised: reading.normalised.map(storedMove) } : {}),
});

/** A stored page's move boxes, as decoding takes them. */
export const storedMoves = (stored: StoredReading): PageMoves => ({
  moves: movesOf(stored.moves),
  ...(stored.normalised ? { normalised: movesOf(stored.normalised) } : {}),
});
