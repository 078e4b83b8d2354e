import type { Rect } from "~/sheets/templates";
import { componentLabels } from "../vision/components";
import { createImage, cropScaled, type GrayImage } from "../vision/image";
import { percentile } from "../vision/threshold";
import { EDGE_PX, eraseLines, INKED, inkOf, strengthened } from "./ink";

/** How far above and below a box (shares of its height) a neighbour's writing is looked at: the neighbouring rows whole. */
const REACH = 1;
/** Rows this share of the box's height (at least 2 pixels) either side of its top and bottom lines are where its printed lines are looked for. */
const ON_LINE = 0.1;
/**
 * When a stroke inside a box that goes on beyond its line is a neighbour's (a descender from the row above, a tall letter
 * from the row below): when it reaches at most `reach` of the box's height in and weighs at most `weight` times its part
 * beyond.
 */
export type NeighbourStrokes = { reach: number; weight: number };
/** Within a game's boxes, where the box's own writing may meet a neighbour's: a stroke reaching in little, no heavier than its part beyond. */
const NEIGHBOUR_STROKES: NeighbourStrokes = { reach: 0.4, weight: 1 };
/** Columns either side in which a stroke below a line is looked for to meet the one above it. */
const ACROSS_REACH = 2;

/**
 * A box's own writing where a neighbour's reaches in across its top or bottom line (a descender from the row above, big
 * writing from the row below): a grey image of the box's columns from `y` (page pixels, each row `sy` high and each column
 * `sx` wide, from the box's left `x`) as photographed but for the neighbours' strokes in the box and the printed lines, made paper; with the
 * box's own writing's mass by column and row between its lines, and how many of its pixels lie in the box's middle rows
 * (`written`, as crops.ts counts them for a box alone).
 */
export type OwnWriting = { image: GrayImage; x: number; y: number; sx: number; sy: number; columns: Float64Array; rows: Float64Array; written: number };

/**
 * Whether a box's ink (its inset's, lines erased) reaches its first or last rows: only then can a stroke from a neighbour
 * have reached in across its lines, and ownWriting need look.
 */
export function reachesTopOrBottom(ink: Float32Array, width: number, height: number): boolean {
  for (const row of [0, 1, height - 2, height - 1]) {
    for (let column = EDGE_PX; column < width - EDGE_PX; column++) if (ink[row * width + column] >= INKED) return true;
  }
  return false;
}

/** The rows [from, to] of the box's line near `edge`: the printed line's where one was erased there, else the edge's row. */
function lineRows(erased: Uint8Array, edge: number, reach: number): [number, number] {
  let nearest = -1;
  for (let row = Math.max(1, Math.ceil(edge - reach)); row <= Math.min(erased.length - 2, Math.floor(edge + reach)); row++) {
    if (erased[row] && (nearest < 0 || Math.abs(row - edge) < Math.abs(nearest - edge))) nearest = row;
  }
  if (nearest < 0) return [Math.round(edge), Math.round(edge)];
  let from = nearest;
  let to = nearest;
  while (from > 1 && erased[from - 1]) from--;
  while (to < erased.length - 2 && erased[to + 1]) to++;
  return [from, to];
}

/**
 * The box's own writing (OwnWriting) when a neighbour's reaches in; undefined when none does, where crops.ts cuts the box
 * alone. `box`: between the printed lines; `inset`: its inside, as crops.ts measures it. The writing is cut at the box's top
 * and bottom lines into pieces; where a piece inside and one beyond meet at a line, the one inside is the neighbour's if it
 * reaches little in and weighs no more (`strokes`, NEIGHBOUR_STROKES unless given): it is made paper. Otherwise the box keeps its side of the line, as before.
 * Strokes of the box's own that leave it are cut at its lines too: the recognizer learnt them so (joining them on read
 * sheets in print on small rows better, but the benchmark's fonts' worse: README, *Writing across the lines*).
 */
export function ownWriting(page: GrayImage, box: Rect, inset: Rect, gain: number, lean?: { slope: number; about: number }, strokes: NeighbourStrokes = NEIGHBOUR_STROKES): OwnWriting | undefined {
  const y = box.y - REACH * box.h;
  const h = box.h * (1 + 2 * REACH);
  const image = cropScaled(page, inset.x, y, inset.w, h, Math.max(8, Math.round(h)), 4 * Math.round(inset.w), lean);
  const { width, height, data } = image;
  const sx = inset.w / width;
  const sy = h / height;
  const boxRows = box.h / sy;
  const ink = strengthened(inkOf(image, inset.h / sy), gain);
  const erased = eraseLines(ink, width, height);
  const mask = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) mask[i] = ink[i] >= INKED ? 1 : 0;
  const reach = Math.max(2, ON_LINE * boxRows);
  const lines = [lineRows(erased, (box.y - y) / sy, reach), lineRows(erased, (box.y + box.h - y) / sy, reach)];
  for (const [from, to] of lines) mask.fill(0, from * width, (to + 1) * width);
  const { labels, count } = componentLabels(mask, width, height);
  const mass = new Float64Array(count + 1);
  const firstRow = new Int32Array(count + 1).fill(height);
  const lastRow = new Int32Array(count + 1).fill(-1);
  for (let row = 0, i = 0; row < height; row++) {
    for (let column = 0; column < width; column++, i++) {
      const label = labels[i];
      if (!label) continue;
      mass[label]++;
      if (firstRow[label] > row) firstRow[label] = row;
      lastRow[label] = row;
    }
  }
  const [top, bottom] = lines;
  const inside = (label: number) => firstRow[label] > top[1] && lastRow[label] < bottom[0];
  const neighbours = new Uint8Array(count + 1);
  lines.forEach(([from, to], side) => {
    for (let column = 0; column < width; column++) {
      const above = labels[(from - 1) * width + column];
      if (!above) continue;
      let below = 0;
      for (let c = Math.max(0, column - ACROSS_REACH); c <= Math.min(width - 1, column + ACROSS_REACH) && !below; c++) below = labels[(to + 1) * width + c];
      if (!below) continue;
      const [within, beyond] = side === 0 ? [below, above] : [above, below];
      if (!inside(within) || inside(beyond)) continue;
      const inReach = side === 0 ? lastRow[within] - to : from - firstRow[within];
      if (inReach <= strokes.reach * boxRows && mass[within] <= strokes.weight * mass[beyond]) neighbours[within] = 1;
    }
  });
  if (!neighbours.some(Boolean)) return undefined;

  // the neighbours' strokes, and a pixel about them for their soft edges, and the printed lines: paper; the rest as photographed
  const theirs = new Uint8Array(width * height);
  for (let i = 0; i < theirs.length; i++) theirs[i] = neighbours[labels[i]];
  const paper = percentile(data, 0.75);
  const cleaned = createImage(width, height);
  for (let row = 0, i = 0; row < height; row++) {
    for (let column = 0; column < width; column++, i++) {
      let near = 0;
      for (let r = Math.max(0, row - 1); r <= Math.min(height - 1, row + 1) && !near; r++) {
        for (let c = Math.max(0, column - 1); c <= Math.min(width - 1, column + 1) && !near; c++) near = theirs[r * width + c];
      }
      cleaned.data[i] = near || erased[row] ? paper : data[i];
    }
  }
  // the box's writing's mass between its lines, away from its sides: its own pieces, not what lies along a line (what is
  // left of it where the page leans, or the line is thicker in places) nor the neighbours' strokes
  const alongLine = (label: number) => lastRow[label] - top[1] <= reach || bottom[0] - firstRow[label] <= reach;
  const own = Uint8Array.from({ length: count + 1 }, (_, label) => (label > 0 && inside(label) && !neighbours[label] && !alongLine(label) ? 1 : 0));
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  const insetFrom = (inset.y - y) / sy;
  const insetRows = inset.h / sy;
  let written = 0;
  for (let row = top[1] + 1; row < bottom[0]; row++) {
    for (let column = EDGE_PX; column < width - EDGE_PX; column++) {
      const i = row * width + column;
      if (!own[labels[i]]) continue;
      columns[column] += ink[i];
      rows[row] += ink[i];
      if (row >= insetFrom + 0.2 * insetRows && row < insetFrom + 0.9 * insetRows) written++;
    }
  }
  return { image: cleaned, x: inset.x, y, sx, sy, columns, rows, written };
}
