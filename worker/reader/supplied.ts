import { z } from "zod";
import { NOTATION_LANGUAGES } from "~/chess/languages";
import { ROW_HEIGHT } from "~/sheets/templates";
import type { Recognizers } from "../model/recognizer";
import { decodeGrayScaled, shownSize } from "../vision/image";
import { PAGE_PX_PER_MM } from "./layout";
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

/**
 * Reads the written move boxes of a page at the positions supplied: the photo scaled so that its boxes (their median
 * height) are as tall as a Kiebitz page's straightened, then each box measured, cut out and read as `readPage` reads them.
 */
export async function readSuppliedPage(photo: Uint8Array, boxes: readonly SuppliedBox[], recognizer: Recognizers["moves"]): Promise<{ moves: BoxReading[] }> {
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
  const page = await decodeGrayScaled(photo, scale);
  const regions = boxes.map((box) => ({ ply: plyOf(box), region: { x: box.x * scale, y: box.y * scale, w: box.w * scale, h: box.h * scale } }));
  const { moves } = await readMoveBoxes(page, regions, recognizer);
  return { moves };
}
