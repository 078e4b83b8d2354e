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
/** A box read as no move costs half a disagreement, whichever way the rows are aligned; a box written against none a whole one. */
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

/**
 * What a writer writes alike when he writes a move again: its square (boxKey) and the piece letter it begins with, in
 * his notation language. Two rows of captures on one square differ in it (the Scotch Game's 3. d4 exd4 4. Nxd4 Nxd4).
 */
export function writtenKey(text: string): string | null {
  const key = boxKey(text);
  return key && /^[A-Z]/.test(text) && !key.startsWith("O") ? text[0] + key : key;
}

/** A box's key (boxKey or writtenKey): null where it reads as no move, undefined where nothing is written. */
type Key = string | null | undefined;
/** A row's keys: white's box, black's. */
type Row = readonly Key[];

/** Each row's keys of a sheet, by row, as the recognizer reads its boxes as cut (or, `asCut` false, its readings averaged). */
function rowKeys(sheet: readonly PageMoves[], keyOf = boxKey, asCut = true): Row[] {
  const rows: Key[][] = [];
  for (const page of sheet)
    for (const move of page.moves) {
      const row = (rows[move.ply >> 1] ??= [undefined, undefined]);
      row[move.ply & 1] = keyOf(decodeClasses(greedyDecode((asCut && move.asCut) || move.logProbs, FRAMES, CLASSES)));
    }
  for (let i = 0; i < rows.length; i++) rows[i] ??= [undefined, undefined];
  return rows;
}

/** A row with nothing written in it. */
const blank = (row: Row) => row.every((key) => key === undefined);
/** Whether row `b` writes both moves of row `a` again. */
const same = (a: Row | undefined, b: Row) => a !== undefined && b.every((key, side) => key != null && key === a[side]);
/** Two writtenKeys alike as read: the same square under another piece letter (Ld4 for Cd4), or a square a character off under the same (Sd6 for Sd5). */
const near = (a: string, b: string) => {
  const [x, y] = [a.slice(-2), b.slice(-2)];
  return x === y || (a.slice(0, -2) === b.slice(0, -2) && (x[0] === y[0] || x[1] === y[1]));
};
/**
 * Whether row `b` may write the moves of row `a` again (writtenKey): each box alike as read (as written above it, a square
 * a character off or a piece letter misread, or the box unread), and with `exact` one as written above it. On held-out
 * fonts the writing again of 12 of 32 moves written twice read a box apart so, and on Debian's hands some both (Ac3 f6
 * written again read c3 b6); but so do rows of a game (d4 cxd4, cxd4 d6), and a row may be taken for one written again
 * only where the game read as numbered doubts it, with a box as written above it in a hand the reader is lost in (closedRows).
 */
const writtenAgain = (a: Row | undefined, b: Row, exact: boolean) =>
  a !== undefined &&
  b.some((key, side) => key != null && a[side] != null && (!exact || key === a[side])) &&
  b.every((key, side) => key === a[side] || key === null || a[side] === null || (key != null && a[side] != null && near(key, a[side])));

const boxCost = (a: Key, b: Key) => (a === undefined || b === undefined ? (a === b ? 0 : 1) : a === null || b === null ? UNKNOWN_COST : a === b ? 0 : 1);
const rowCost = (a: Row, b: Row) => boxCost(a[0], b[0]) + boxCost(a[1], b[1]);
/** A row only one sheet holds costs GAP_COST, a blank one nothing: it holds no move. */
const gapCost = (row: Row) => (blank(row) ? 0 : GAP_COST);

/**
 * The game's row of each row of two sheets (`one`, `other`: each row's keys), aligned: matched rows share a game row, a
 * row only one sheet holds is a move the other left out, with a game row of its own, unless it repeats a row beside it
 * on its sheet (a move written twice) or is blank (a row of the form skipped): left out of the game (-1). With
 * `otherwise`, a written row only one sheet holds is taken the other way: a move written twice where it repeats no row
 * beside it as read (a box misread), a move left out where it does. The alignment ends where either sheet ends, the
 * other's rows after it unmatched and free: a player who left a move out has a row less.
 */
export function alignRows(one: readonly Row[], other: readonly Row[], otherwise = false): [number[], number[]] {
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
      if (i > 0) relax(i, j, cost[i - 1][j] + gapCost(one[i - 1]), ONE_ONLY);
      if (j > 0) relax(i, j, cost[i][j - 1] + gapCost(other[j - 1]), OTHER_ONLY);
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
  const notAMove = (sheet: readonly Row[], row: number) => blank(sheet[row]) || otherwise !== (same(sheet[row - 1], sheet[row]) || same(sheet[row + 1], sheet[row]));
  let game = 0;
  for (const [a, b] of [...pairs.reverse(), ...tail]) {
    if ((a === null && notAMove(other, b!)) || (b === null && notAMove(one, a!))) {
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
function agreement(keys: readonly (readonly Row[])[], rows: readonly number[][]): number {
  const other = new Map(rows[1].map((game, row) => [game, row]));
  let [compared, agreeing] = [0, 0];
  rows[0].forEach((game, row) => {
    const match = game < 0 ? undefined : other.get(game);
    if (match === undefined) return;
    keys[0][row].forEach((key, side) => {
      if (key == null || keys[1][match][side] == null) return;
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
 * Pages with their boxes' plies renumbered as the game's, and where each page's boxes stand in the game; `closed`, of a sheet
 * read alone (closedRows): whether only blank rows were left out, so that the reading loses no writing, or written ones too.
 */
export type Renumbered = { pages: PageMoves[]; boxPlies: BoxPlies; closed?: "blank" | "written" };

/**
 * The pages of two players' sheets, in their order, with their boxes' plies renumbered as the game's where one sheet
 * left a move out or wrote one twice (alignRows: the boxes of a move written twice left out), and where each page's
 * boxes stand in the game (`boxPlies`); the pages as they are where the rows align one to one, or there are not two sheets.
 * `otherwise`: where a row only one sheet holds could be either, the pages with it taken the other way (alignRows), for
 * the game read both ways to tell: as read, a box of a move written twice misread took it for a move the other player
 * left out, and the game was read with two plies of its own and the rest two plies late on 2 of 8 such pairs
 * (README, *A move written twice*).
 */
export function alignedPages(pages: readonly PageMoves[]): Renumbered & { otherwise?: Renumbered } {
  const sheets = sheetsOf(pages);
  const asNumbered = { pages: [...pages], boxPlies: pages.map(() => null) };
  if (sheets.length !== 2) return asNumbered;
  const keys = sheets.map((sheet) => rowKeys(sheet));
  const rows = alignRows(keys[0], keys[1]);
  if (rows.every((sheetRows) => sheetRows.every((game, row) => game === row)) || agreement(keys, rows) < MIN_AGREEMENT) return asNumbered;
  const otherRows = alignRows(keys[0], keys[1], true);
  const otherwise = otherRows.some((sheetRows, s) => sheetRows.some((game, row) => game !== rows[s][row])) ? renumbered(pages, sheets, otherRows) : undefined;
  return { ...renumbered(pages, sheets, rows), ...(otherwise && { otherwise }) };
}

/** Rows of the form a writer may leave blank before his first move (a row smudged or begun late). */
const LEADING_BLANK_ROWS = 2;

/**
 * A sheet read alone with a row of the form left blank between written rows (one row alone: a longer gap holds moves
 * not written in time trouble), or up to LEADING_BLANK_ROWS before its first, or with a row that writes both moves of
 * the row above it again (or may, as read, where a ply of it is among the `doubted`, those the game read as numbered
 * flags: writtenAgain), as its boxes read as cut or their readings averaged: its pages with those rows left out and the
 * rows after them earlier, as if the writer had skipped a row of the form (or written a move twice) and written on, and
 * where its boxes then stand in the game; a reading with the blank rows closed, and one for each row written again
 * besides (the likeliest MAX_ROWS_AGAIN: the most boxes as written above them, then the most doubted). None where it has no
 * such row, or there are two sheets (the other sheet tells: alignedPages). Read as numbered, the blank
 * row's two plies were decoded from no box at all and every later move was read a move apart, and a move written twice
 * was read as two other moves, the later ones a move apart (README, *A move left out on one player's sheet*, *A move
 * written twice*); whether the writer slipped, or played two moves he did not write or that do
 * write alike, the game read both ways tells (readGameAdaptedToWriter).
 */
export function closedRows(pages: readonly PageMoves[], doubted: ReadonlySet<number>): Renumbered[] {
  const sheets = sheetsOf(pages);
  if (sheets.length !== 1) return [];
  // the boxes as cut and their readings averaged: where one misreads a box of a move written again, the other may not
  const readings = [rowKeys(sheets[0], writtenKey), rowKeys(sheets[0], writtenKey, false)];
  const keys = readings[0];
  const first = keys.findIndex((row) => !blank(row));
  if (first < 0 || first > LEADING_BLANK_ROWS) return [];
  // a row left blank alone: longer gaps are moves not written in time trouble, the later ones in their own rows (lastPly)
  const skipped = (i: number) => blank(keys[i]) && (i < first || (!blank(keys[i - 1] ?? []) && !blank(keys[i + 1] ?? [])));
  const blanks = keys.flatMap((_, i) => (skipped(i) ? [i] : []));
  const doubtedRow = (i: number) => doubted.has(2 * i) || doubted.has(2 * i + 1);
  // in a hand the reader is lost in (most moves doubted) rows alike by chance abound: one box must be as written above
  const lost = doubted.size > sheets[0].reduce((boxes, page) => boxes + page.moves.length, 0) / 2;
  const writesAgain = (i: number) => readings.some((rows) => same(rows[i - 1], rows[i]) || (doubtedRow(i) && writtenAgain(rows[i - 1], rows[i], lost)));
  // the likeliest first: the most boxes as written above them, then the most moves of the row doubted
  const exactBoxes = (i: number) => Math.max(...readings.map((rows) => rows[i].filter((key, side) => key != null && key === rows[i - 1][side]).length));
  const again = keys
    .flatMap((_, i) => (!skipped(i) && writesAgain(i) ? [{ row: i, likeness: 4 * exactBoxes(i) + Number(doubted.has(2 * i)) + Number(doubted.has(2 * i + 1)) }] : []))
    .sort((a, b) => b.likeness - a.likeness || a.row - b.row)
    .slice(0, MAX_ROWS_AGAIN)
    .map(({ row }) => row)
    .sort((a, b) => a - b);
  const closing = (left: readonly number[]) => {
    let closed = 0;
    return { ...renumbered(pages, sheets, [keys.map((_, i) => (left.includes(i) ? (closed++, -1) : i - closed))]), closed: left.every((row) => blanks.includes(row)) ? "blank" : "written" } as const;
  };
  // the blank rows closed, and with them each row that writes the row above again apart from the others: rows read alike
  // by chance (closed together with a slip's, held-out sheets were read a move short and with fewer flags)
  return [...(blanks.length ? [closing(blanks)] : []), ...again.map((row) => closing([...blanks, row]))];
}

/** Rows that may write the row above again, each read closed, up to this many (the likeliest): each is a game read more. */
const MAX_ROWS_AGAIN = 3;

/**
 * A sheet read alone as if its writer had left the move of form row `row` out (both players' plies): its boxes from that row
 * on two plies later, the row's two plies held by no box, and where its boxes then stand in the game (leftOut.ts).
 */
export function openedRow(pages: readonly PageMoves[], row: number): Renumbered {
  const sheets = sheetsOf(pages);
  const rows = (sheet: readonly PageMoves[]) => 1 + Math.max(-1, ...sheet.flatMap((page) => page.moves.map((move) => move.ply >> 1)));
  return renumbered(pages, sheets, sheets.map((sheet) => Array.from({ length: rows(sheet) }, (_, i) => (i < row ? i : i + 1))));
}

/** The pages with the boxes of each sheet's rows renumbered to the game's rows of `rows` (per sheet; -1: left out). */
function renumbered(pages: readonly PageMoves[], sheets: readonly (readonly PageMoves[])[], rows: readonly (readonly number[])[]): Renumbered {
  const byPage = new Map<PageMoves, { page: PageMoves; plies: [number, number][] | null }>();
  sheets.forEach((sheet, s) => {
    const gamePly = (ply: number) => (rows[s][ply >> 1] < 0 ? -1 : 2 * rows[s][ply >> 1] + (ply & 1));
    const moved = <T extends { ply: number }>(moves: readonly T[]) => moves.flatMap((move) => (gamePly(move.ply) < 0 ? [] : [{ ...move, ply: gamePly(move.ply) }]));
    for (const page of sheet) {
      const plies = page.moves.flatMap((move): [number, number][] => (gamePly(move.ply) === move.ply ? [] : [[move.ply, gamePly(move.ply)]]));
      byPage.set(page, plies.length ? { page: { ...page, moves: moved(page.moves), normalised: page.normalised && moved(page.normalised) }, plies } : { page, plies: null });
    }
  });
  return { pages: pages.map((page) => byPage.get(page)!.page), boxPlies: pages.map((page) => byPage.get(page)!.plies) };
}
