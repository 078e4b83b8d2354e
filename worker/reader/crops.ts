import type { Rect } from "~/sheets/templates";
import { cropScaled, type GrayImage } from "../vision/image";
import { eraseLines, extent, inkMass, inkOf, paleGain, strengthened } from "./ink";
import { ownWriting, reachesTopOrBottom, type NeighbourStrokes, type OwnWriting } from "./ownWriting";

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

/**
 * What a box holds, before its writing is cut out: how much ink and how many thin lines (isWritten), where the
 * writing is (`region`, page pixels), the gain that brings pale writing up to ink's strength, and where a neighbour's
 * writing reaches in across the box's lines, the box's own writing without it (ownWriting.ts), from which it is cut out.
 */
export type BoxMeasure = Pick<Crop, "ink" | "lines" | "region"> & { box: LeaningRect; gain: number; own?: OwnWriting };

/** Where the writing is: the range of its mass by column and row (each `sx` × `sy` page pixels from `within`'s corner), with a margin, inside `within`. */
function regionOf(columns: Float64Array, rows: Float64Array, within: Rect, sx: number, sy: number): Rect {
  if (!columns.some((mass) => mass > 0)) return within;
  const [left, right] = extent(columns, 0.005);
  const [top, bottom] = extent(rows, 0.01);
  const x0 = Math.max(0, left * sx - MARGIN_PX);
  const y0 = Math.max(0, top * sy - MARGIN_PX);
  return { x: within.x + x0, y: within.y + y0, w: Math.min(within.w - x0, (right - left) * sx + 2 * MARGIN_PX), h: Math.min(within.h - y0, (bottom - top) * sy + 2 * MARGIN_PX) };
}

/**
 * A leaning box measured level: each column sampled as far down as its lines lean there. `neighbours`: the strokes of
 * the rows above and below that reach in across the box's lines are left out (ownWriting.ts), as on forms not
 * Kiebitz's (supplied.ts); Kiebitz's own rows are cut as the recognizer learnt them, where leaving them out did not help
 * (README, *Writing across the lines*). `strokes`: how deep and how heavy a neighbour's stroke may be (ownWriting's rule
 * within a game when not given; read.ts asks for any depth after the game's last move).
 */
export function measureBox(page: GrayImage, box: LeaningRect, neighbours = false, strokes?: NeighbourStrokes): BoxMeasure {
  const lean = leanOf(box);
  const inset = { x: box.x + INSET_PX, y: box.y + INSET_PX, w: box.w - 2 * INSET_PX, h: box.h - 2 * INSET_PX };
  const native = cropScaled(page, inset.x, inset.y, inset.w, inset.h, Math.max(8, Math.round(inset.h)), 4 * Math.round(inset.w), lean);
  const ink = inkOf(native);
  eraseLines(ink, native.width, native.height);
  const scale = (CROP_HEIGHT * CROP_HEIGHT) / (native.height * native.height);
  const lines = Math.round(thinLines(native) * scale);
  const inInk = inkMass(ink, native.width, native.height);
  // the same measure at the recognizer's scale as before: ink pixels of a 32-pixel-high box
  const written = Math.round(inInk.written * scale);
  // pale writing (pencil, faded ink) found by its lines: read as if written in ink
  const gain = written < WRITTEN_INK && lines >= WRITTEN_LINES ? paleGain(ink) : 1;
  const inked = strengthened(ink, gain);
  const reachesOut = neighbours && isWritten({ ink: written, lines }) && reachesTopOrBottom(inked, native.width, native.height);
  const own = reachesOut ? ownWriting(page, box, inset, gain, lean, strokes) : undefined;
  if (own) {
    const window = { x: own.x, y: own.y, w: own.image.width * own.sx, h: own.image.height * own.sy };
    return { ink: Math.round(own.written * scale), lines, region: regionOf(own.columns, own.rows, window, own.sx, own.sy), box, gain, own };
  }
  const { columns, rows } = gain === 1 ? inInk : inkMass(inked, native.width, native.height);
  return { ink: written, lines, region: regionOf(columns, rows, inset, inset.w / native.width, inset.h / native.height), box, gain };
}

const leanOf = (box: LeaningRect) => (box.lean ? { slope: box.lean, about: box.x + box.w / 2 } : undefined);

/** The writing of a measured box at the recognizer's size (what cropBox cuts out; read.ts cuts out only written boxes). */
export function cutOut(page: GrayImage, { ink, lines, region, box, gain, own }: BoxMeasure): Crop {
  const image = own
    ? cropScaled(own.image, (region.x - own.x) / own.sx, (region.y - own.y) / own.sy, region.w / own.sx, region.h / own.sy, CROP_HEIGHT, CROP_WIDTH)
    : cropScaled(page, region.x, region.y, region.w, region.h, CROP_HEIGHT, CROP_WIDTH, leanOf(box));
  const values = strengthened(inkOf(image), gain);
  const pixels = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
  for (let row = 0; row < CROP_HEIGHT; row++) pixels.set(values.subarray(row * image.width, (row + 1) * image.width), row * CROP_WIDTH);
  return { pixels, ink, lines, region, width: image.width };
}

/** A leaning box cut out level: measured, and its writing cut out (`neighbours`: as measureBox). */
export const cropBox = (page: GrayImage, box: LeaningRect, neighbours = false): Crop => cutOut(page, measureBox(page, box, neighbours));

/** The crop's writing moved `rows` rows up (down where negative), paper filling the rows it leaves. */
export function movedRows(pixels: Float32Array, rows: number): Float32Array {
  const moved = new Float32Array(pixels.length);
  for (let row = Math.max(0, -rows); row < Math.min(CROP_HEIGHT, CROP_HEIGHT - rows); row++) {
    moved.set(pixels.subarray((row + rows) * CROP_WIDTH, (row + rows + 1) * CROP_WIDTH), row * CROP_WIDTH);
  }
  return moved;
}
