import { z } from "zod";
import { NOTATION_LANGUAGES } from "~/chess/languages";
import { ROW_HEIGHT, type Rect } from "~/sheets/templates";
import type { Recognizers } from "../model/recognizer";
import { adaptiveThreshold, decodeGrayAtWidth, shownSize } from "../vision/image";
import { PAGE_PX_PER_MM } from "./layout";
import { findEdge, leanOf } from "./boxes";
import type { LeaningRect } from "./crops";
import { findLinePiece, type Mask } from "./lines";
import { plyOf, readMoveBoxes, type BoxReading } from "./read";

/**
 * Score sheets on forms other than Kiebitz's (a federation's, a club's, a scanned book of games), their move boxes'
 * positions supplied: how the reader is tried on real tournament sheets (README, "Real sheets on other forms").
 * Each box is given in the photo's pixels, as the photo is shown (its EXIF orientation applied).
 */

/** Moves a sheet may hold (the longest games played run to some 270). */
const MAX_MOVES = 300;

const suppliedBox = z.object({
  move: z.number().int().min(1).max(MAX_MOVES),
  side: z.enum(["w", "b"]),
  x: z.number().finite().min(0),
  y: z.number().finite().min(0),
  w: z.number().finite().positive(),
  h: z.number().finite().positive(),
});
export type SuppliedBox = z.infer<typeof suppliedBox>;

const suppliedPage = z.object({
  /** The photo or scan of the page: a file name, relative to the sheet's description. */
  photo: z.string().min(1).max(500),
  boxes: z.array(suppliedBox).min(1).max(2 * MAX_MOVES),
});

/**
 * One player's sheet (its pages), and where present the opponent's, in a notation language; `moves`: the moves written,
 * as PGN movetext or SAN, when the sheet is a benchmark's (its moves known).
 */
export const suppliedSheetSchema = z.object({
  language: z.enum(NOTATION_LANGUAGES).default("EN"),
  pages: z.array(suppliedPage).min(1).max(4),
  otherPlayer: z.array(suppliedPage).max(4).default([]),
  moves: z.string().max(20_000).optional(),
});
export type SuppliedSheet = z.infer<typeof suppliedSheetSchema>;

/** The height (pixels) a move box has on a Kiebitz page straightened (ROW_HEIGHT at PAGE_PX_PER_MM): what the reader's crops are measured at. */
const BOX_HEIGHT_PX = ROW_HEIGHT * PAGE_PX_PER_MM;
/** A page is read at most this large once scaled to the reader's box height (pixels): boxes drawn tiny on a huge photo are a mistake. */
const MAX_SCALED_PIXELS = 40_000_000;
/** How far (pixels of the photo) a box may reach past the photo's edge: a box drawn a little too generously. */
const EDGE_TOLERANCE = 2;

export class SuppliedBoxesError extends Error {}

/** The window (mm at the reader's scale) over which a pixel is judged dark against its surroundings, as detectBoxes judges. */
const THRESHOLD_WINDOW_MM = 4;
/** How far (share of the box's height) from a supplied edge the form's line is looked for: boxes marked by hand are off by a millimetre or two. */
const SNAP_REACH = 0.3;

/**
 * A supplied box moved onto the form's printed lines near its edges, where they are found: a line of the form's
 * table runs on past the box (a row's line along the neighbouring boxes, a column's through the rows above and below),
 * so it is looked for there too, and a letter's stroke inside the box is not taken for one. A row's lines are found
 * piece by piece (findEdge), so that a scan turned by a degree or two gives the box its lean; they are `rowHeight` apart
 * (the boxes' median height): the bottom line is looked for that far below the top one found, whatever height this box
 * was marked with. Where no line is found (a form without them), the edge stays where it was supplied.
 */
export function onLines(mask: Mask, box: Rect, rowHeight: number): LeaningRect {
  const reach = Math.max(1, Math.round(SNAP_REACH * rowHeight));
  // a row's line looked for along the boxes either side too, a column's through half the rows above and below
  const [left, right] = [box.x - box.w / 4, box.x + box.w + box.w / 4];
  const [above, below] = [box.y - rowHeight / 2, box.y + box.h + rowHeight / 2];
  const row = (at: number) => findEdge(mask, true, at, left, right, reach);
  const column = (at: number) => findLinePiece(mask, false, at, above, below, reach);
  const top = row(box.y);
  const bottom = top === null ? row(box.y + box.h) : (row(top.at + rowHeight) ?? { at: top.at + rowHeight, lean: top.lean });
  const [y, h] = top !== null && bottom !== null ? [top.at, bottom.at - top.at] : bottom !== null ? [bottom.at - rowHeight, rowHeight] : [box.y, box.h];
  const start = column(box.x) ?? box.x;
  const end = column(box.x + box.w) ?? box.x + box.w;
  if (h <= rowHeight / 2 || end - start <= box.w / 2) return box;
  return { x: start, y, w: end - start, h, lean: leanOf([top?.lean ?? null, bottom?.lean ?? null], end - start) };
}

/**
 * Reads the written move boxes of a page at the positions supplied: the photo scaled so that its boxes (their median
 * height) are as tall as a Kiebitz page's straightened, then each box measured, cut out and read as `readPage` reads them.
 */
export async function readSuppliedPage(photo: Uint8Array, boxes: readonly SuppliedBox[], recognizer: Recognizers["moves"]): Promise<{ moves: BoxReading[]; normalised?: BoxReading[] }> {
  const seen = new Set<number>();
  for (const box of boxes) {
    const ply = plyOf(box);
    if (seen.has(ply)) throw new SuppliedBoxesError(`move ${box.move} (${box.side === "w" ? "White" : "Black"}) has two boxes on the page`);
    seen.add(ply);
  }
  const { width, height } = await shownSize(photo);
  const outside = boxes.find((box) => box.x + box.w > width + EDGE_TOLERANCE || box.y + box.h > height + EDGE_TOLERANCE);
  if (outside) throw new SuppliedBoxesError(`the box of move ${outside.move} (${outside.side === "w" ? "White" : "Black"}) reaches past the photo (${width} × ${height} pixels)`);
  const heights = boxes.map((box) => box.h).sort((a, b) => a - b);
  const scale = BOX_HEIGHT_PX / heights[Math.floor(heights.length / 2)];
  if (width * height * scale * scale > MAX_SCALED_PIXELS) throw new SuppliedBoxesError(`the boxes are too small for the photo: scaled to the reader's box height it would be over ${MAX_SCALED_PIXELS / 1e6} megapixels`);
  const page = await decodeGrayAtWidth(photo, width * scale);
  const mask: Mask = { data: adaptiveThreshold(page, Math.round(THRESHOLD_WINDOW_MM * PAGE_PX_PER_MM), 0.85), width: page.width, height: page.height };
  const regions = boxes.map((box) => ({ ply: plyOf(box), region: onLines(mask, { x: box.x * scale, y: box.y * scale, w: box.w * scale, h: box.h * scale }, BOX_HEIGHT_PX) }));
  // on a form not Kiebitz's the rows are as small as its printer made them: the neighbours' strokes that reach in are left out
  const { moves, normalised } = await readMoveBoxes(page, regions, recognizer, true);
  return { moves, normalised };
}
