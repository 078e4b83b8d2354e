import { boxOverlapScore } from "~/sheets/overlap";
import type { HeaderField, Rect, TemplatePage } from "~/sheets/templates";
import { adaptiveThreshold, type GrayImage } from "../vision/image";
import { PAGE_PX_PER_MM } from "./layout";
import { findLine as findLineWithin, gridColumns, type Mask } from "./lines";
import { DETECTION } from "~/sheets/status";

/** How far (mm) a printed line may lie from where the form puts it. */
const SEARCH_MM = 2;
/** Share of the grid lines that must be found for the boxes to count as detected. */
const MIN_FOUND = 0.6;

export type BoxesResult = {
  status: typeof DETECTION.detected | typeof DETECTION.boxesNotDetected;
  confidence: number;
  /** Header boxes in page pixels; null where the box was not found. */
  header: Record<HeaderField, Rect | null>;
  /** Move boxes in page pixels, in the order of the template's moveBoxes. */
  moveBoxes: Rect[];
};

/** Least-squares line through the found positions, to place the lines that were not found. */
function fill(found: (number | null)[], expected: number[]): number[] {
  const pairs = found.map((f, i) => [expected[i], f] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  if (pairs.length < 2) return found.map((f, i) => f ?? expected[i]);
  const n = pairs.length;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  const sxx = pairs.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  const slope = sxx > 0 ? pairs.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / sxx : 1;
  return found.map((f, i) => f ?? my + slope * (expected[i] - mx));
}

const px = (mm: number) => mm * PAGE_PX_PER_MM;

/** The line near `expected` (px), at most SEARCH_MM from it. */
const findLine = (mask: Mask, horizontal: boolean, expected: number, from: number, to: number) => findLineWithin(mask, horizontal, expected, from, to, Math.round(px(SEARCH_MM)));

/** Finds the header boxes and the move grid on a perspective-corrected page (spec §4: 2 detected, 12 not detected). */
export function detectBoxes(page: GrayImage, template: TemplatePage): BoxesResult {
  const mask: Mask = { data: adaptiveThreshold(page, Math.round(px(4)), 0.85), width: page.width, height: page.height };
  let total = 0;
  let foundCount = 0;
  const count = (value: number | null) => {
    total++;
    if (value !== null) foundCount++;
    return value;
  };
  const moveBoxes: Rect[] = new Array(template.moveBoxes.length);
  for (const { rowsTop, ys: ysMm, xs: xsMm, entries } of gridColumns(template)) {
    const ys = ysMm.map(px);
    const xs = xsMm.map(px);
    const foundYs = ys.map((y) => count(findLine(mask, true, y, xs[1], xs[xs.length - 1])));
    const foundXs = xs.map((x) => count(findLine(mask, false, x, ys[0], ys[ys.length - 1])));
    const lineYs = fill(foundYs, ys);
    const lineXs = fill(foundXs, xs);
    for (const { index, box } of entries) {
      const row = rowsTop.indexOf(box.y);
      const column = xs.findIndex((x) => Math.abs(x - px(box.x)) < 0.5);
      moveBoxes[index] = { x: lineXs[column], y: lineYs[row], w: lineXs[column + 1] - lineXs[column], h: lineYs[row + 1] - lineYs[row] };
    }
  }
  const header = {} as Record<HeaderField, Rect | null>;
  for (const [field, rect] of Object.entries(template.header) as [HeaderField, Rect][]) {
    const expected = { x: px(rect.x), y: px(rect.y), w: px(rect.w), h: px(rect.h) };
    const edges = [
      findLine(mask, true, expected.y, expected.x + px(1), expected.x + expected.w - px(1)),
      findLine(mask, true, expected.y + expected.h, expected.x + px(1), expected.x + expected.w - px(1)),
      findLine(mask, false, expected.x, expected.y + px(1), expected.y + expected.h - px(1)),
      findLine(mask, false, expected.x + expected.w, expected.y + px(1), expected.y + expected.h - px(1)),
    ];
    const [top, bottom, left, right] = edges.map((edge, i) => edge ?? [expected.y, expected.y + expected.h, expected.x, expected.x + expected.w][i]);
    const found = { x: left, y: top, w: right - left, h: bottom - top };
    const ok = edges.filter((e) => e !== null).length >= 3 && boxOverlapScore(found, expected) >= 0.5;
    header[field] = ok ? found : null;
  }
  const confidence = total > 0 ? foundCount / total : 0;
  return { status: confidence >= MIN_FOUND ? DETECTION.detected : DETECTION.boxesNotDetected, confidence, header, moveBoxes };
}
