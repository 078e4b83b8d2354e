import { FRAMES } from "../model/recognizer";
import { CLASSES, decodeClasses } from "./alphabet";
import { greedyDecode } from "./ctc";
import { sheetsOf, type PageMoves } from "./read";

/**
 * Players slip in recording a game: one leaves a whole move out and writes the moves after it a row early (or writes
 * one twice and the rest a row late). The other player's sheet then shows every later move a row apart from his, and
 * read box by box the two sheets disagree on the rest of the game: with one of two sheets so slipped, 69% of the
 * moves were read right and 13% of those not flagged were wrong (README, *A move left out on one player's sheet*).
 * The rows of two players' sheets are aligned as two sequences are (Needleman–Wunsch): a row of each matched, or a row
 * of one sheet that the other does not hold, at GAP_COST; matched rows cost what their boxes' readings disagree on.
 */

/** What leaving a row unmatched costs, against a disagreeing box's 1: a slip is believed where it makes at least three boxes agree. */
const GAP_COST = 2.5;
/** A box with nothing read to compare costs half a disagreement, whichever way the rows are aligned. */
const UNKNOWN_COST = 0.5;
/** Rows (whole moves) one sheet may run apart from the other. */
const MAX_APART = 3;
/**
 * Two sheets are aligned apart only where at least this share of their matched boxes (both read) then agree: on held-out
 * pairs of fonts, print, cursive and Debian's hands, sheets of one game agreed on 31–100% of them, aligned or as numbered,
 * and sheets of two games on 0–10% however aligned (README, *A move left out on one player's sheet*). A sheet of another
 * game in the pairing by mistake is gamesApart's to find.
 */
const MIN_AGREEMENT = 0.2;

/** What two players write alike for a move, whatever their notation language and habits: castling, or the square the move goes to. */
export function boxKey(text: string): string | null {
  if (/^[O0]-?[O0]-?[O0]/.test(text)) return "O-O-O";
  if (/^[O0]-?[O0]/.test(text)) return "O-O";
  const squares = text.match(/[a-h][1-8]/g);
  return squares ? squares[squares.length - 1] : null;
}

/** Each row's keys (white's box, black's) of a sheet, by row, as the recognizer reads its boxes. */
function rowKeys(sheet: readonly PageMoves[]): (string | null)[][] {
  const rows: (string | null)[][] = [];
  for (const page of sheet)
    for (const move of page.moves) {
      const row = (rows[move.ply >> 1] ??= [null, null]);
      row[move.ply & 1] = boxKey(decodeClasses(greedyDecode(move.asCut ?? move.logProbs, FRAMES, CLASSES)));
    }
  for (let i = 0; i < rows.length; i++) rows[i] ??= [null, null];
  return rows;
}

const rowCost = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
  a.reduce((sum, key, side) => sum + (key === null || b[side] === null ? UNKNOWN_COST : key === b[side] ? 0 : 1), 0);

/**
 * The game's row of each row of two sheets (`one`, `other`: each row's keys), aligned: matched rows share a game row, a
 * row only one sheet holds is a move the other left out, with a game row of its own, unless it repeats a row beside it
 * on its sheet: a move written twice, left out of the game (-1). The alignment ends where either sheet ends, the
 * other's rows after it unmatched and free: a player who left a move out has a row less.
 */
export function alignRows(one: readonly (readonly (string | null)[])[], other: readonly (readonly (string | null)[])[]): [number[], number[]] {
  const [n, m] = [one.length, other.length];
  const cost = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Infinity));
  const step = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1));
  cost[0][0] = 0;
  const relax = (i: number, j: number, value: number, how: number) => {
    if (value < cost[i][j]) [cost[i][j], step[i][j]] = [value, how];
  };
  for (let i = 0; i <= n; i++)
    for (let j = Math.max(0, i - MAX_APART); j <= Math.min(m, i + MAX_APART); j++) {
      if (i > 0 && j > 0) relax(i, j, cost[i - 1][j - 1] + rowCost(one[i - 1], other[j - 1]), MATCHED);
      if (i > 0) relax(i, j, cost[i - 1][j] + GAP_COST, ONE_ONLY);
      if (j > 0) relax(i, j, cost[i][j - 1] + GAP_COST, OTHER_ONLY);
    }
  // where the alignment ends: one sheet's last row, the other's rows after it unmatched (outside the band the cost is infinite)
  let [i, j] = [n, m];
  for (let k = 0; k <= n; k++) if (cost[k][m] < cost[i][j]) [i, j] = [k, m];
  for (let k = 0; k <= m; k++) if (cost[n][k] < cost[i][j]) [i, j] = [n, k];
  const tail: [number | null, number | null][] = [
    ...Array.from({ length: n - i }, (_, a): [number, null] => [i + a, null]),
    ...Array.from({ length: m - j }, (_, b): [null, number] => [null, j + b]),
  ];
  const pairs: [number | null, number | null][] = [];
  while (i > 0 || j > 0) {
    const how = step[i][j];
    pairs.push([how === OTHER_ONLY ? null : --i, how === ONE_ONLY ? null : --j]);
  }
  const rows: [number[], number[]] = [new Array<number>(n), new Array<number>(m)];
  const same = (a: readonly (string | null)[] | undefined, b: readonly (string | null)[]) => a !== undefined && b.every((key, side) => key !== null && key === a[side]);
  const repeated = (sheet: readonly (readonly (string | null)[])[], row: number) => same(sheet[row - 1], sheet[row]) || same(sheet[row + 1], sheet[row]);
  let game = 0;
  for (const [a, b] of [...pairs.reverse(), ...tail]) {
    if ((a === null && repeated(other, b!)) || (b === null && repeated(one, a!))) {
      rows[a === null ? 1 : 0][(a ?? b)!] = -1;
      continue;
    }
    if (a !== null) rows[0][a] = game;
    if (b !== null) rows[1][b] = game;
    game++;
  }
  return rows;
}
const [MATCHED, ONE_ONLY, OTHER_ONLY] = [0, 1, 2];

/** The share of the boxes both sheets read in the rows the alignment matches that agree. */
function agreement(keys: readonly (readonly (string | null)[])[][], rows: readonly number[][]): number {
  const other = new Map(rows[1].map((game, row) => [game, row]));
  let [compared, agreeing] = [0, 0];
  rows[0].forEach((game, row) => {
    const match = game < 0 ? undefined : other.get(game);
    if (match === undefined) return;
    keys[0][row].forEach((key, side) => {
      if (key === null || keys[1][match][side] === null) return;
      compared++;
      if (key === keys[1][match][side]) agreeing++;
    });
  });
  return compared === 0 ? 0 : agreeing / compared;
}

/**
 * Where a sheet's boxes stand in the game, per page where they are not as numbered: [the box's ply, the game's ply], -1
 * for a box left out (a move written twice); null for a page as numbered.
 */
export type BoxPlies = ([number, number][] | null)[];

/**
 * The pages of two players' sheets, in their order, with their boxes' plies renumbered as the game's where one sheet
 * left a move out or wrote one twice (alignRows: the boxes of a move written twice left out), and where each page's
 * boxes stand in the game (`boxPlies`); the pages as they are where the rows align one to one, or there are not two sheets.
 */
export function alignedPages(pages: readonly PageMoves[]): { pages: PageMoves[]; boxPlies: BoxPlies } {
  const sheets = sheetsOf(pages);
  const asNumbered = { pages: [...pages], boxPlies: pages.map(() => null) };
  if (sheets.length !== 2) return asNumbered;
  const keys = sheets.map(rowKeys);
  const rows = alignRows(keys[0], keys[1]);
  if (rows.every((sheetRows) => sheetRows.every((game, row) => game === row)) || agreement(keys, rows) < MIN_AGREEMENT) return asNumbered;
  const byPage = new Map<PageMoves, { page: PageMoves; plies: [number, number][] | null }>();
  sheets.forEach((sheet, s) => {
    const gamePly = (ply: number) => (rows[s][ply >> 1] < 0 ? -1 : 2 * rows[s][ply >> 1] + (ply & 1));
    const renumbered = <T extends { ply: number }>(moves: readonly T[]) => moves.flatMap((move) => (gamePly(move.ply) < 0 ? [] : [{ ...move, ply: gamePly(move.ply) }]));
    for (const page of sheet) {
      const plies = page.moves.flatMap((move): [number, number][] => (gamePly(move.ply) === move.ply ? [] : [[move.ply, gamePly(move.ply)]]));
      byPage.set(page, plies.length ? { page: { ...page, moves: renumbered(page.moves), normalised: page.normalised && renumbered(page.normalised) }, plies } : { page, plies: null });
    }
  });
  return { pages: pages.map((page) => byPage.get(page)!.page), boxPlies: pages.map((page) => byPage.get(page)!.plies) };
}
