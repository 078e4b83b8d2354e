import type { TemplatePage } from "~/sheets/templates";

/** Share of a line's length that must be dark for it to count as found. */
const LINE_SHARE = 0.45;

/** A thresholded image: 1 where dark. */
export type Mask = { data: Uint8Array; width: number; height: number };

/** The position (px) within `reach` px of `expected` where the dark run across [from, to) is longest, or null when none is dark enough. */
export function findLine(mask: Mask, horizontal: boolean, expected: number, from: number, to: number, reach: number): number | null {
  let best = -1;
  let bestCount = 0;
  const a = Math.max(0, Math.round(from));
  const limit = horizontal ? mask.width : mask.height;
  const b = Math.min(limit, Math.round(to));
  for (let p = Math.round(expected) - reach; p <= Math.round(expected) + reach; p++) {
    if (p < 0 || p >= (horizontal ? mask.height : mask.width)) continue;
    let count = 0;
    for (let q = a; q < b; q++) count += horizontal ? mask.data[p * mask.width + q] : mask.data[q * mask.width + p];
    if (count > bestCount) [best, bestCount] = [p, count];
  }
  return b > a && bestCount >= LINE_SHARE * (b - a) ? best + 0.5 : null;
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
