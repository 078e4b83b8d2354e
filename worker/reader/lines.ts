import type { TemplatePage } from "~/sheets/templates";

/** Share of a line's length that must be dark for it to count as found. */
const LINE_SHARE = 0.45;

/** A thresholded image: 1 where dark. */
export type Mask = { data: Uint8Array; width: number; height: number };

/**
 * The position (px) within `reach` px of `expected` of a short piece of line across [from, to), which may lean by a
 * pixel either way over its length (a bent page): where most of the piece is dark on that row or the rows beside
 * it, the row itself counting most; null when under LINE_SHARE of it is dark there.
 */
export function findLinePiece(mask: Mask, horizontal: boolean, expected: number, from: number, to: number, reach: number): number | null {
  const a = Math.max(0, Math.round(from));
  const b = Math.min(horizontal ? mask.width : mask.height, Math.round(to));
  const across = horizontal ? mask.height : mask.width;
  const dark = (p: number, q: number) => (p < 0 || p >= across ? 0 : horizontal ? mask.data[p * mask.width + q] : mask.data[q * mask.width + p]);
  let best = -1;
  let bestScore = 0;
  let bestBand = 0;
  for (let p = Math.round(expected) - reach; p <= Math.round(expected) + reach; p++) {
    if (p < 0 || p >= across) continue;
    let band = 0;
    let score = 0;
    for (let q = a; q < b; q++) {
      const own = dark(p, q);
      const beside = own || dark(p - 1, q) || dark(p + 1, q);
      band += beside;
      score += own + 0.5 * beside;
    }
    if (score > bestScore) [best, bestScore, bestBand] = [p, score, band];
  }
  return b > a && bestBand >= LINE_SHARE * (b - a) ? best + 0.5 : null;
}

/** [from, to) cut into the fewest equal pieces no longer than `longest` (at least one). */
export function pieces(from: number, to: number, longest: number): [number, number][] {
  const count = Math.max(1, Math.round((to - from) / longest));
  return Array.from({ length: count }, (_, k) => [from + ((to - from) * k) / count, from + ((to - from) * (k + 1)) / count]);
}

/** One block of rows of the move grid (mm): its row tops, the lines between and around its rows and cells, and its move boxes. */
export type GridColumn = { rowsTop: number[]; ys: number[]; xs: number[]; entries: { index: number; box: TemplatePage["moveBoxes"][number] }[] };

/** The move grid of a form, one block of rows per column of the form. */
export function gridColumns(template: TemplatePage): GridColumn[] {
  const columns = new Map<number, GridColumn["entries"]>();
  template.moveBoxes.forEach((box, index) => {
    const left = template.numberCells.find((cell) => cell.move === box.move)!.x;
    columns.set(left, [...(columns.get(left) ?? []), { index, box }]);
  });
  return [...columns].map(([left, entries]) => {
    const rowsTop = [...new Set(entries.map((e) => e.box.y))].sort((a, b) => a - b);
    const ys = [...rowsTop, rowsTop[rowsTop.length - 1] + entries[0].box.h];
    const xs = [left, ...[...new Set(entries.flatMap((e) => [e.box.x, e.box.x + e.box.w]))].sort((a, b) => a - b)];
    return { rowsTop, ys, xs, entries };
  });
}
