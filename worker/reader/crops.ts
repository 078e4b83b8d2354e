import type { Rect } from "~/sheets/templates";
import { cropScaled, type GrayImage } from "../vision/image";
import { evenlyLit } from "../vision/light";
import { percentile } from "../vision/threshold";

/**
 * Recognizer input: the writing of one box, ink = 1 and paper = 0. The box is cut out, the writing
 * found inside it, and that region scaled to CROP_HEIGHT (so every hand's letters have about the
 * same size) and padded to CROP_WIDTH.
 */
export const CROP_HEIGHT = 32;
export const CROP_WIDTH = 160;
/** Pixels (page resolution) trimmed off each side so the printed frame stays out. */
const INSET_PX = 2;
/** Pixels of paper kept around the writing. */
const MARGIN_PX = 2;

/** A box on the page, whose lines may lean across it (a bent page): `lean` px down per px across, about its middle. */
export type LeaningRect = Rect & { lean?: number };

/** A box's writing at the recognizer's size; `region` (page pixels) was scaled to the first `width` columns. */
export type Crop = { pixels: Float32Array; ink: number; lines: number; region: Rect; width: number };

/** Ink pixels (of the 32 × 160 crop) above which a box counts as written. */
export const WRITTEN_INK = 30;
/**
 * Pixels of thin lines (thinLines) above which a box counts as written, however pale: empty boxes of the held-out
 * sheets have at most 7, written ones that the ink measure missed (pencil, pale ink) 19 to 600.
 */
export const WRITTEN_LINES = 20;
export const isWritten = (crop: Pick<Crop, "ink" | "lines">) => crop.ink >= WRITTEN_INK || crop.lines >= WRITTEN_LINES;

/** How far (page pixels) on either side of a line its paper is looked for, and how much darker (grey levels) the line must be. */
const LINE_REACH = 4;
const LINE_CONTRAST = 16;

/**
 * Pixels of the box's middle rows darker than the paper on both sides, across or along: pen lines, even pale
 * ones, which a shadow or uneven light (darker on one side only) does not make. Counted at the recognizer's scale.
 */
function thinLines(native: GrayImage): number {
  const { data, width, height } = native;
  let lines = 0;
  for (let row = Math.max(LINE_REACH, Math.ceil(0.2 * height)); row < Math.min(height - LINE_REACH, 0.9 * height); row++) {
    for (let column = LINE_REACH + 2; column < width - LINE_REACH - 2; column++) {
      const i = row * width + column;
      const across = Math.min(data[i - LINE_REACH], data[i + LINE_REACH]) - data[i];
      const along = Math.min(data[i - LINE_REACH * width], data[i + LINE_REACH * width]) - data[i];
      if (across >= LINE_CONTRAST || along >= LINE_CONTRAST) lines++;
    }
  }
  return lines;
}

/** The light on a box's paper is judged over squares this share of its height: wider than any pen's line. */
const LIGHT_RADIUS = 0.2;

/** Ink (0–1) of a grey image against its own paper level, the image first evened out where a shadow's edge crosses it. */
function inkOf(image: GrayImage): Float32Array {
  const { data } = evenlyLit(image, Math.max(3, Math.round(LIGHT_RADIUS * image.height)));
  const paper = percentile(data, 0.75);
  const scale = Math.max(30, paper * 0.55);
  const ink = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) ink[i] = Math.max(0, Math.min(1, (paper - data[i]) / scale));
  return ink;
}

/** The range [from, to) holding all but `tail` of the mass at each end. */
function extent(mass: Float64Array, tail: number): [number, number] {
  const total = mass.reduce((a, b) => a + b, 0);
  let from = 0;
  let to = mass.length;
  for (let sum = 0; from < mass.length && (sum += mass[from]) <= tail * total; from++);
  for (let sum = 0; to > 0 && (sum += mass[to - 1]) <= tail * total; to--);
  return [from, Math.max(from + 1, to)];
}

/** Removes rows and columns that are mostly dark: remnants of the printed frame, not writing. */
function eraseLines(ink: Float32Array, width: number, height: number) {
  for (let row = 0; row < height; row++) {
    let dark = 0;
    for (let column = 0; column < width; column++) if (ink[row * width + column] >= 0.3) dark++;
    if (dark > 0.5 * width) ink.fill(0, row * width, (row + 1) * width);
  }
  for (let column = 0; column < width; column++) {
    let dark = 0;
    for (let row = 0; row < height; row++) if (ink[row * width + column] >= 0.3) dark++;
    if (dark > 0.7 * height) for (let row = 0; row < height; row++) ink[row * width + column] = 0;
  }
}

/** Ink strength (0–1) of a box's darkest writing, from which pale writing is strengthened to. */
const PALE_STRENGTH = 0.8;

/**
 * A box's pixels and what its writer put there: the ink away from the frame, counted in the middle rows (descenders
 * and loops reaching in from above or below stay near the edges), and each column's and row's mass.
 */
function inkMass(ink: Float32Array, width: number, height: number) {
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  let written = 0;
  for (let row = 2; row < height - 2; row++) {
    for (let column = 2; column < width - 2; column++) {
      const value = ink[row * width + column];
      if (value < 0.5) continue;
      if (row >= 0.2 * height && row < 0.9 * height) written++;
      columns[column] += value;
      rows[row] += value;
    }
  }
  return { columns, rows, written };
}

/** The gain that brings pale writing (its darkest ink well under PALE_STRENGTH) up to that strength; 1 for writing in ink. */
function paleGain(ink: Float32Array): number {
  const darkest = percentile(ink, 0.995);
  return darkest > 0 && darkest < PALE_STRENGTH / 1.5 ? Math.min(3, PALE_STRENGTH / darkest) : 1;
}

const strengthened = (ink: Float32Array, gain: number) => (gain === 1 ? ink : ink.map((v) => Math.min(1, v * gain)));

/**
 * What a box holds, before its writing is cut out: how much ink and how many thin lines (isWritten), where the
 * writing is (`region`, page pixels) and the gain that brings pale writing up to ink's strength.
 */
export type BoxMeasure = Pick<Crop, "ink" | "lines" | "region"> & { box: LeaningRect; gain: number };

/** A leaning box measured level: each column sampled as far down as its lines lean there. */
export function measureBox(page: GrayImage, box: LeaningRect): BoxMeasure {
  const lean = leanOf(box);
  const x = box.x + INSET_PX;
  const y = box.y + INSET_PX;
  const w = box.w - 2 * INSET_PX;
  const h = box.h - 2 * INSET_PX;
  const native = cropScaled(page, x, y, w, h, Math.max(8, Math.round(h)), 4 * Math.round(w), lean);
  const ink = inkOf(native);
  eraseLines(ink, native.width, native.height);
  const scale = (CROP_HEIGHT * CROP_HEIGHT) / (native.height * native.height);
  const lines = Math.round(thinLines(native) * scale);
  const inInk = inkMass(ink, native.width, native.height);
  // the same measure at the recognizer's scale as before: ink pixels of a 32-pixel-high box
  const written = Math.round(inInk.written * scale);
  // pale writing (pencil, faded ink) found by its lines: read as if written in ink
  const gain = written < WRITTEN_INK && lines >= WRITTEN_LINES ? paleGain(ink) : 1;
  const { columns, rows } = gain === 1 ? inInk : inkMass(strengthened(ink, gain), native.width, native.height);
  let region = { x, y, w, h };
  if (columns.some((mass) => mass > 0)) {
    const [left, right] = extent(columns, 0.005);
    const [top, bottom] = extent(rows, 0.01);
    const sx = w / native.width;
    const sy = h / native.height;
    const x0 = Math.max(0, left * sx - MARGIN_PX);
    const y0 = Math.max(0, top * sy - MARGIN_PX);
    region = { x: x + x0, y: y + y0, w: Math.min(w - x0, (right - left) * sx + 2 * MARGIN_PX), h: Math.min(h - y0, (bottom - top) * sy + 2 * MARGIN_PX) };
  }
  return { ink: written, lines, region, box, gain };
}

const leanOf = (box: LeaningRect) => (box.lean ? { slope: box.lean, about: box.x + box.w / 2 } : undefined);

/** The writing of a measured box at the recognizer's size (what cropBox cuts out; read.ts cuts out only written boxes). */
export function cutOut(page: GrayImage, { ink, lines, region, box, gain }: BoxMeasure): Crop {
  const image = cropScaled(page, region.x, region.y, region.w, region.h, CROP_HEIGHT, CROP_WIDTH, leanOf(box));
  const values = strengthened(inkOf(image), gain);
  const pixels = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
  for (let row = 0; row < CROP_HEIGHT; row++) pixels.set(values.subarray(row * image.width, (row + 1) * image.width), row * CROP_WIDTH);
  return { pixels, ink, lines, region, width: image.width };
}

/** A leaning box cut out level: measured, and its writing cut out. */
export const cropBox = (page: GrayImage, box: LeaningRect): Crop => cutOut(page, measureBox(page, box));

/** The crop's writing moved `rows` rows up (down where negative), paper filling the rows it leaves. */
export function movedRows(pixels: Float32Array, rows: number): Float32Array {
  const moved = new Float32Array(pixels.length);
  for (let row = Math.max(0, -rows); row < Math.min(CROP_HEIGHT, CROP_HEIGHT - rows); row++) {
    moved.set(pixels.subarray((row + rows) * CROP_WIDTH, (row + rows + 1) * CROP_WIDTH), row * CROP_WIDTH);
  }
  return moved;
}
