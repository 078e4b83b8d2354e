import type { GrayImage } from "../vision/image";
import { evenlyLit } from "../vision/light";
import { percentile } from "../vision/threshold";

/** The light on a box's paper is judged over squares this share of its height: wider than any pen's line. */
const LIGHT_RADIUS = 0.2;

/**
 * Ink (0–1) of a grey image against its own paper level, the image first evened out where a shadow's edge crosses it;
 * `boxHeight`: the height (the image's pixels) of the box it shows, by default the image's.
 */
export function inkOf(image: GrayImage, boxHeight = image.height): Float32Array {
  const { data } = evenlyLit(image, Math.max(3, Math.round(LIGHT_RADIUS * boxHeight)));
  const paper = percentile(data, 0.75);
  const scale = Math.max(30, paper * 0.55);
  const ink = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) ink[i] = Math.max(0, Math.min(1, (paper - data[i]) / scale));
  return ink;
}

/** The range [from, to) holding all but `tail` of the mass at each end. */
export function extent(mass: Float64Array, tail: number): [number, number] {
  const total = mass.reduce((a, b) => a + b, 0);
  let from = 0;
  let to = mass.length;
  for (let sum = 0; from < mass.length && (sum += mass[from]) <= tail * total; from++);
  for (let sum = 0; to > 0 && (sum += mass[to - 1]) <= tail * total; to--);
  return [from, Math.max(from + 1, to)];
}

/** Removes rows and columns that are mostly dark: remnants of the printed frame, not writing. Returns the rows removed (1). */
export function eraseLines(ink: Float32Array, width: number, height: number): Uint8Array {
  const erased = new Uint8Array(height);
  for (let row = 0; row < height; row++) {
    let dark = 0;
    for (let column = 0; column < width; column++) if (ink[row * width + column] >= 0.3) dark++;
    if (dark > 0.5 * width) {
      ink.fill(0, row * width, (row + 1) * width);
      erased[row] = 1;
    }
  }
  for (let column = 0; column < width; column++) {
    let dark = 0;
    for (let row = 0; row < height; row++) if (ink[row * width + column] >= 0.3) dark++;
    if (dark > 0.7 * height) for (let row = 0; row < height; row++) ink[row * width + column] = 0;
  }
  return erased;
}

/** Pixels along a box's edges that are not counted as its writing (what is left of the printed frame). */
export const EDGE_PX = 2;
/** Pixels inked at least this much are the writing's. */
export const INKED = 0.5;

/** Ink strength (0–1) of a box's darkest writing, from which pale writing is strengthened to. */
const PALE_STRENGTH = 0.8;

/**
 * A box's pixels and what its writer put there: the ink away from the frame, counted in the middle rows (descenders
 * and loops reaching in from above or below stay near the edges), and each column's and row's mass.
 */
export function inkMass(ink: Float32Array, width: number, height: number) {
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  let written = 0;
  for (let row = EDGE_PX; row < height - EDGE_PX; row++) {
    for (let column = EDGE_PX; column < width - EDGE_PX; column++) {
      const value = ink[row * width + column];
      if (value < INKED) continue;
      if (row >= 0.2 * height && row < 0.9 * height) written++;
      columns[column] += value;
      rows[row] += value;
    }
  }
  return { columns, rows, written };
}

/** The gain that brings pale writing (its darkest ink well under PALE_STRENGTH) up to that strength; 1 for writing in ink. */
export function paleGain(ink: Float32Array): number {
  const darkest = percentile(ink, 0.995);
  return darkest > 0 && darkest < PALE_STRENGTH / 1.5 ? Math.min(3, PALE_STRENGTH / darkest) : 1;
}

export const strengthened = (ink: Float32Array, gain: number) => (gain === 1 ? ink : ink.map((v) => Math.min(1, v * gain)));
