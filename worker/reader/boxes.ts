import { boxOverlapScore } from "~/sheets/overlap";
import type { HeaderField, Rect, TemplatePage } from "~/sheets/templates";
import type { LeaningRect } from "./crops";
import { adaptiveThreshold, type GrayImage } from "../vision/image";
import { PAGE_PX_PER_MM } from "./layout";
import { findLinePiece, gridColumns, pieces, type GridColumn, type Mask } from "./lines";
import { DETECTION } from "~/sheets/status";

/** How far (mm) a header box's edge may lie from where the form puts it (a bent page moves it by millimetres). */
const SEARCH_MM = 3.5;
/** The longest piece (mm) a grid line is looked for in, and how far from where the form puts it (under half a row, 6.8 mm). */
const PIECE_MM = 10;
const PIECE_REACH_MM = 3.2;
/** A box leaning across by less than this (px, from one side to the other) is taken as level: pieces are found to the pixel. */
const LEAN_PX = 2;
/** How far (mm) the grid's top line is looked for: the labels above it are no line. */
const FIRST_REACH_MM = 6;
/** A piece further than this (mm) from the median of its neighbours on the line lies on something else. */
const PIECE_AGREE_MM = 1.5;
const PIECE_NEIGHBOURS = 3;
/** Share of the grid lines' pieces that must be found for the boxes to count as detected. */
const MIN_FOUND = 0.6;

export type BoxesResult = {
  status: typeof DETECTION.detected | typeof DETECTION.boxesNotDetected;
  confidence: number;
  /** Header boxes in page pixels; null where the box was not found. */
  header: Record<HeaderField, LeaningRect | null>;
  /** Move boxes in page pixels, in the order of the template's moveBoxes. */
  moveBoxes: LeaningRect[];
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

/**
 * A header box's edge near `expected` (px) across [from, to): the median of where its pieces (at most PIECE_MM long)
 * are, at most `reach` px (by default SEARCH_MM) from it, so that an edge a bent page bows is found, and its lean;
 * null when under half of them are found.
 */
export function findEdge(mask: Mask, horizontal: boolean, expected: number, from: number, to: number, reach = Math.round(px(SEARCH_MM))): { at: number; lean: number | null } | null {
  const all = pieces(from, to, px(PIECE_MM));
  const found = all
    .map(([a, b]) => ({ across: findLinePiece(mask, horizontal, expected, a, b, reach), along: (a + b) / 2 }))
    .filter((p): p is LinePoint => p.across !== null);
  return found.length >= all.length / 2 ? { at: median(found.map((p) => p.across)), lean: slope(found) } : null;
}

/** The lean of a box (px down per px across) from its top and bottom edges' where it is visible over its width `w` (LEAN_PX), else 0. */
export function leanOf(leans: (number | null)[], w: number): number {
  const known = leans.filter((l): l is number => l !== null);
  const lean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  return Math.abs(lean * w) >= LEAN_PX ? lean : 0;
}

/**
 * The move grid of one block of rows, found piece by piece: each line cut into pieces of at most PIECE_MM (a bent page
 * bows its lines and moves its rows by millimetres, which whole lines on one row of pixels do not follow), each looked
 * for near where the piece above it was found, and a piece that lies off its neighbours on the same line
 * (handwriting, a neighbouring line) dropped. A cell's edge is where its pieces are, else where its line's other
 * pieces are, else where the lines around it are (fill).
 */
function pieceGrid(mask: Mask, { xs: xsMm, ys: ysMm }: GridColumn) {
  const xs = xsMm.map(px);
  const ys = ysMm.map(px);
  let total = 0;
  let found = 0;
  /** The pieces of a line's span (px): at most PIECE_MM long, their ends (where the lines the other way cross) left out. */
  const piecesOf = (start: number, end: number) => pieces(start, end, px(PIECE_MM)).map(([from, to]) => [from + px(1), to - px(1)] as const);
  /**
   * Offsets (px) from where the form has them of each line's pieces in each of its spans (cells across, rows down),
   * null where not found. Each piece is looked for where the one above it was found (a bend moves the rows by more
   * than half a row, a little from one row to the next); the top line, with no line above it, up to FIRST_REACH_MM.
   */
  const rowOffsets = (): (number | null)[][][] => {
    const above: (number | null)[] = [];
    return ys.map((y, line) => {
      let k = 0;
      return xs.slice(0, -1).map((start, cell) =>
        piecesOf(start, xs[cell + 1]).map(([from, to]) => {
          total++;
          const expected = y + (above[k] ?? 0);
          const found = findLinePiece(mask, true, expected, from, to, Math.round(px(line === 0 ? FIRST_REACH_MM : PIECE_REACH_MM)));
          const offset = found === null ? null : found - y;
          if (offset !== null) above[k] = offset;
          k++;
          return offset;
        }),
      );
    });
  };
  const columnOffsets = (): (number | null)[][][] =>
    xs.map((x) => {
      let above: number | null = null;
      return ys.slice(0, -1).map((start, row) =>
        piecesOf(start, ys[row + 1]).map(([from, to]) => {
          total++;
          const found = findLinePiece(mask, false, x + (above ?? 0), from, to, Math.round(px(PIECE_REACH_MM)));
          const offset = found === null ? null : found - x;
          if (offset !== null) above = offset;
          return offset;
        }),
      );
    });
  /**
   * Keeps the pieces within PIECE_AGREE_MM of the median of their neighbours on the line (PIECE_NEIGHBOURS either
   * side: a bent line moves along its length); each span's offset (mean of its kept pieces), and the line's.
   */
  const settle = (pieces: (number | null)[][][], centres: number[][]) =>
    pieces.map((line) => {
      const along = line.flat();
      const kept = along.map((offset, i) => {
        const near = along.slice(Math.max(0, i - PIECE_NEIGHBOURS), i + PIECE_NEIGHBOURS + 1).filter((o): o is number => o !== null);
        return offset !== null && Math.abs(offset - median(near)) <= px(PIECE_AGREE_MM) ? offset : null;
      });
      let at = 0;
      const spans = line.map((offsets, span) => {
        const first = at;
        const own = kept.slice(first, (at += offsets.length)).flatMap((offset, k) => (offset === null ? [] : [{ across: offset, along: centres[span][k] }]));
        found += own.length;
        return { offset: own.length ? own.reduce((sum, o) => sum + o.across, 0) / own.length : null, lean: slope(own) };
      });
      const all = kept.filter((o): o is number => o !== null);
      return { spans, line: all.length ? median(all) : null };
    });
  const centresOf = (spans: number[]) => spans.slice(0, -1).map((start, i) => piecesOf(start, spans[i + 1]).map(([from, to]) => (from + to) / 2));
  const rows = settle(rowOffsets(), centresOf(xs));
  const columns = settle(columnOffsets(), centresOf(ys));
  const rowLines = fill(rows.map((r, i) => (r.line === null ? null : ys[i] + r.line)), ys);
  const columnLines = fill(columns.map((c, i) => (c.line === null ? null : xs[i] + c.line)), xs);
  return {
    total,
    found,
    /** Where horizontal line `line` runs across cell `cell` (px). */
    horizontal: (line: number, cell: number) => {
      const span = rows[line].spans[cell].offset;
      return span === null ? rowLines[line] : ys[line] + span;
    },
    /** How the lines above and below row `row` lean across cell `cell` (px down per px across), where they visibly do. */
    lean: (row: number, cell: number) => leanOf([rows[row].spans[cell].lean, rows[row + 1].spans[cell].lean], xs[cell + 1] - xs[cell]),
    /** Where vertical line `line` runs down row `row` (px). */
    vertical: (line: number, row: number) => {
      const span = columns[line].spans[row].offset;
      return span === null ? columnLines[line] : xs[line] + span;
    },
  };
}

/** Where a piece of a line was found (px): `across` the line (a position or an offset from the form's), at `along` it. */
type LinePoint = { across: number; along: number };

/** The least-squares slope of a line's pieces (px across per px along); null from fewer than two pieces. */
function slope(pieces: LinePoint[]): number | null {
  if (pieces.length < 2) return null;
  const mean = (f: (p: LinePoint) => number) => pieces.reduce((sum, p) => sum + f(p), 0) / pieces.length;
  const along = mean((p) => p.along);
  const across = mean((p) => p.across);
  const spread = pieces.reduce((sum, p) => sum + (p.along - along) ** 2, 0);
  return spread > 0 ? pieces.reduce((sum, p) => sum + (p.along - along) * (p.across - across), 0) / spread : null;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Finds the header boxes and the move grid on a perspective-corrected page (spec §4: 2 detected, 12 not detected). */
export function detectBoxes(page: GrayImage, template: TemplatePage): BoxesResult {
  const mask: Mask = { data: adaptiveThreshold(page, Math.round(px(4)), 0.85), width: page.width, height: page.height };
  let total = 0;
  let foundCount = 0;
  const moveBoxes: LeaningRect[] = new Array(template.moveBoxes.length);
  for (const column of gridColumns(template)) {
    const grid = pieceGrid(mask, column);
    total += grid.total;
    foundCount += grid.found;
    for (const { index, box } of column.entries) {
      const row = column.rowsTop.indexOf(box.y);
      const cell = column.xs.findIndex((x) => Math.abs(x - box.x) < 0.01);
      const left = grid.vertical(cell, row);
      const top = grid.horizontal(row, cell);
      moveBoxes[index] = { x: left, y: top, w: grid.vertical(cell + 1, row) - left, h: grid.horizontal(row + 1, cell) - top, lean: grid.lean(row, cell) };
    }
  }
  const header = {} as Record<HeaderField, LeaningRect | null>;
  for (const [field, rect] of Object.entries(template.header) as [HeaderField, Rect][]) {
    const expected = { x: px(rect.x), y: px(rect.y), w: px(rect.w), h: px(rect.h) };
    const edges = [
      findEdge(mask, true, expected.y, expected.x + px(1), expected.x + expected.w - px(1)),
      findEdge(mask, true, expected.y + expected.h, expected.x + px(1), expected.x + expected.w - px(1)),
      findEdge(mask, false, expected.x, expected.y + px(1), expected.y + expected.h - px(1)),
      findEdge(mask, false, expected.x + expected.w, expected.y + px(1), expected.y + expected.h - px(1)),
    ];
    const [top, bottom, left, right] = edges.map((edge, i) => edge?.at ?? [expected.y, expected.y + expected.h, expected.x, expected.x + expected.w][i]);
    const found = { x: left, y: top, w: right - left, h: bottom - top, lean: leanOf([edges[0]?.lean ?? null, edges[1]?.lean ?? null], right - left) };
    const ok = edges.filter((e) => e !== null).length >= 3 && boxOverlapScore(found, expected) >= 0.5;
    header[field] = ok ? found : null;
  }
  const confidence = total > 0 ? foundCount / total : 0;
  return { status: confidence >= MIN_FOUND ? DETECTION.detected : DETECTION.boxesNotDetected, confidence, header, moveBoxes };
}
