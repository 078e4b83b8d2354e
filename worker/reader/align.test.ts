import { describe, expect, it } from "vitest";
import { alignRows, alignedPages, boxKey, closedRows, writtenKey } from "./align";
import { readGame, type PageMoves } from "./read";
import { frames } from "./testFrames";
import { readGameAdaptedToWriter } from "./writer";
import { loadMovePrior } from "./prior";
import { CLASSES } from "./alphabet";
import type { Head } from "../model/recognizer";

const identity = (rows: number) => Array.from({ length: rows }, (_, row) => row);
/** A game's rows of keys, as two players would write them. */
const rowsOf = (keys: readonly (string | null)[]) => Array.from({ length: Math.ceil(keys.length / 2) }, (_, row) => [keys[2 * row] ?? null, keys[2 * row + 1] ?? null]);
const KEYS = ["e4", "e5", "f3", "c6", "c4", "f6", "c3", "c5", "d3", "d6", "g5", "e7", "f6", "f6", "d5", "d5", "d5", "d5", "e2", "O-O", "O-O", "b4", "b5", "b6", "a4", "a6", "d5", "d4", "e3", "c6"];

describe("what two players write alike for a move", () => {
  it("is the square it goes to, or castling, whatever the notation", () => {
    expect(["Nf3", "Sf3+", "Ng1-f3", "exd5", "e:d5", "e4xd5", "e8=Q", "O-O", "0-0+", "O-O-O", "00", "000", "N", ""].map(boxKey)).toEqual([
      "f3", "f3", "f3", "d5", "d5", "d5", "e8", "O-O", "O-O", "O-O-O", "O-O", "O-O-O", null, null,
    ]);
  });
});

describe("what a writer writes alike when he writes a move again", () => {
  it("is the square and the piece letter, in his notation language", () => {
    expect(["Nf3", "Sf3+", "Ng1-f3", "exd5", "e:d5", "Nxd5", "O-O", "000", "N", ""].map(writtenKey)).toEqual(["Nf3", "Sf3", "Nf3", "d5", "d5", "Nd5", "O-O", "O-O-O", null, null]);
  });
});

describe("two players' sheets aligned row by row", () => {
  it("leaves sheets that agree, or that disagree on a few boxes, as they are numbered", () => {
    expect(alignRows(rowsOf(KEYS), rowsOf(KEYS))).toEqual([identity(15), identity(15)]);
    const misread = KEYS.map((key, ply) => (ply % 5 === 2 ? "h8" : ply % 7 === 3 ? null : key));
    expect(alignRows(rowsOf(KEYS), rowsOf(misread))).toEqual([identity(15), identity(15)]);
  });

  it("finds the move one player left out, his later rows a row early, whichever sheet is his", () => {
    const leftOut = [...KEYS.slice(0, 12), ...KEYS.slice(14)]; // move 7 not written
    const [full, slipped] = alignRows(rowsOf(KEYS), rowsOf(leftOut));
    expect(full).toEqual(identity(15));
    expect(slipped).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(alignRows(rowsOf(leftOut), rowsOf(KEYS))).toEqual([slipped, full]);
  });

  it("finds a move written twice, the rows after it a row late, and leaves the second writing out", () => {
    const twice = [...KEYS.slice(0, 14), ...KEYS.slice(12)]; // move 7 written in rows 7 and 8
    const [full, slipped] = alignRows(rowsOf(KEYS), rowsOf(twice));
    expect(full).toEqual(identity(15));
    // either writing may be the one left out
    expect([[...identity(7), -1, ...identity(8).map((row) => row + 7)], [...identity(6), -1, ...identity(9).map((row) => row + 6)]]).toContainEqual(slipped);
  });

  it("leaves a blank row out of the game, the rows after it a row late, also where the rows before it are unread", () => {
    const rows = rowsOf(KEYS);
    const unread = rows.map((row, i) => (i === 4 || i === 5 ? [null, null] : row));
    const withBlank = [...unread.slice(0, 6), [undefined, undefined], ...unread.slice(6)];
    expect(alignRows(rows, withBlank)).toEqual([identity(15), [...identity(6), -1, ...identity(9).map((row) => row + 6)]]);
  });

  it("believes no slip where moves repeat and a row apart fits as well", () => {
    const repeating = ["f3", "f6", "g1", "g8", "f3", "f6", "g1", "g8", "f3", "f6", "g1", "g8", "f3", "f6"];
    expect(alignRows(rowsOf(repeating), rowsOf(repeating.slice(0, 12)))).toEqual([identity(7), identity(6)]);
  });
});

describe("a game read from two sheets, one player having left a move out", () => {
  const game = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6"];
  /** A sheet's page, its boxes of `unclear` plies read as either of two moves (h3 or h4, d3 or d4), the others clear. */
  const page = (sans: readonly string[], unclear: readonly number[] = []): PageMoves => ({
    moves: sans.map((san, ply) => {
      const logProbs = frames(san, unclear.includes(ply) ? { 1: "34" } : {});
      return { ply, logProbs, asCut: logProbs };
    }),
  });
  // white's 9. h3 and 10. d4: the full sheet's boxes read either h3 or h4, d3 or d4; the other player's clearly
  const full = page(game, [16, 18]);
  const slipped = page([...game.slice(0, 8), ...game.slice(10)]); // move 5, O-O Be7, not written

  it("reads every move right, the moves the player left out from the other sheet, and the unclear boxes of one sheet from the other", () => {
    const read = readGame(alignedPages([full, slipped]).pages, "EN");
    expect(read.moves.map((move) => move.san)).toEqual(game);
    expect(read.moves.filter((move) => move.flagged)).toEqual([]);
    expect(read.leftOut).toEqual([]);
  });

  it("read box by box (before the sheets were aligned), the sheet with the slip was left out and the unclear moves flagged", () => {
    const read = readGame([full, slipped], "EN");
    expect(read.leftOut).toEqual([1]);
    expect(read.moves.filter((move) => move.flagged).map((move) => move.ply)).toEqual(expect.arrayContaining([16]));
  });

  it("keeps the pages' order and the other sheet's numbering, and says where the slipped sheet's boxes stand in the game", () => {
    const { pages, boxPlies } = alignedPages([slipped, full]);
    expect(pages[1]).toBe(full);
    expect(pages[0].moves.map((move) => move.ply)).toEqual([...identity(8), ...identity(12).map((ply) => ply + 10)]);
    expect(boxPlies).toEqual([identity(12).map((box) => [box + 8, box + 10]), null]);
  });

  it("reads a move written twice on one sheet, a box of its second writing misread, as written twice: the alignment's other way", async () => {
    // move 5, O-O Be7, written again in row 6, its castling read as Qh5: as aligned, a move the other player left out
    const twice = page([...game.slice(0, 10), "Qh5", "Be7", ...game.slice(10)]);
    const { boxPlies, otherwise } = alignedPages([twice, full]);
    expect(boxPlies[1]?.[0]).toEqual([10, 12]);
    expect(otherwise?.boxPlies).toEqual([[[10, -1], [11, -1], ...identity(12).map((i): [number, number] => [i + 12, i + 10])], null]);
    const head: Head = { kernel: new Float32Array(CLASSES * CLASSES), bias: new Float32Array(CLASSES), width: CLASSES };
    const { game: read, boxPlies: kept } = await readGameAdaptedToWriter([twice, full], "EN", head);
    expect(read.moves.map((move) => move.san)).toEqual(game);
    expect(kept).toEqual(otherwise?.boxPlies);
  });

  it("leaves one sheet, or two that agree, as they are", () => {
    expect(alignedPages([full])).toEqual({ pages: [full], boxPlies: [null] });
    const other = page(game);
    expect(alignedPages([full, other])).toEqual({ pages: [full, other], boxPlies: [null, null] });
  });
});

describe("a sheet of another game beside a player's", () => {
  it("is not aligned apart where a row apart only a few of its boxes agree", () => {
    // two games' moves to squares of their own: the one's on the first four ranks, the other's on the last four
    const game = Array.from({ length: 30 }, (_, ply) => `N${"abcdefgh"[(ply * 3) % 8]}${1 + ((ply * 5) % 4)}`);
    const other = Array.from({ length: 30 }, (_, ply) => `N${"abcdefgh"[(ply * 5) % 8]}${5 + ((ply * 3) % 4)}`);
    // another game, two of whose rows happen to be this game's 3. and 4. a row late
    const another = [...other.slice(0, 6), ...game.slice(4, 8), ...other.slice(10)];
    const rows = alignRows(rowsOf(game.map(boxKey)), rowsOf(another.map(boxKey)));
    expect(rows).not.toEqual([identity(15), identity(15)]);
    const page = (sans: readonly string[]): PageMoves => ({ moves: sans.map((san, ply) => ({ ply, logProbs: frames(san) })) });
    expect(alignedPages([page(game), page(another)]).boxPlies).toEqual([null, null]);
  });
});

describe("a sheet read alone with a row of the form left blank", () => {
  const game = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"];
  /** The game written from box `from` on, row 5 (plies 8 and 9) left blank: the moves from move 5 on a row late. */
  const skippedRow = (from = 0): PageMoves => ({
    moves: game.slice(from).map((san, i) => {
      const ply = from + i;
      return { ply: ply < 8 ? ply : ply + 2, logProbs: frames(san), features: frames(san) };
    }),
  });

  it("is read as if its writer skipped the row: the moves from it on a row earlier", () => {
    const closed = closedRows([skippedRow()], new Set())[0];
    expect(closed.pages[0].moves.map((move) => move.ply)).toEqual(identity(20));
    expect(closed.boxPlies).toEqual([identity(12).map((i) => [i + 10, i + 8])]);
  });

  it("is left as it is where no row is blank, a longer gap (moves not written in time trouble) is, or there are two sheets", () => {
    const whole: PageMoves = { moves: game.map((san, ply) => ({ ply, logProbs: frames(san) })) };
    expect(closedRows([whole], new Set())).toEqual([]);
    const gap: PageMoves = { moves: whole.moves.filter((move) => move.ply < 8 || move.ply >= 12) };
    expect(closedRows([gap], new Set())).toEqual([]);
    expect(closedRows([skippedRow(), whole], new Set())).toEqual([]);
  });

  it("reads the game right, where read as numbered the blank row's plies were guessed and every later move was a move apart", async () => {
    const head: Head = { kernel: Float32Array.from({ length: CLASSES * CLASSES }, (_, i) => (Math.floor(i / CLASSES) === i % CLASSES ? 1 : 0)), bias: new Float32Array(CLASSES), width: CLASSES };
    const { game: read, boxPlies } = await readGameAdaptedToWriter([skippedRow()], "EN", head);
    expect(read.moves.map((move) => move.san)).toEqual(game);
    expect(read.moves.filter((move) => move.flagged)).toEqual([]);
    expect(boxPlies[0]?.[0]).toEqual([10, 8]);
    const asNumbered = readGame([skippedRow()], "EN");
    expect(asNumbered.moves.slice(10).map((move) => move.san)).not.toEqual(game.slice(10));
  });

  it("is read as numbered where the moves fit their rows as they stand (two moves not written)", { timeout: 30_000 }, async () => {
    const head: Head = { kernel: Float32Array.from({ length: CLASSES * CLASSES }, (_, i) => (Math.floor(i / CLASSES) === i % CLASSES ? 1 : 0)), bias: new Float32Array(CLASSES), width: CLASSES };
    // move 5 (O-O Be7) played and not written: the later moves in their own rows
    const unwritten: PageMoves = { moves: game.flatMap((san, ply) => (ply === 8 || ply === 9 ? [] : [{ ply, logProbs: frames(san), features: frames(san) }])) };
    // the opening book tells the two moves no box shows (without it any two moves are as likely)
    const { game: read, boxPlies } = await readGameAdaptedToWriter([unwritten], "EN", head, { prior: await loadMovePrior() });
    expect(boxPlies).toEqual([null]);
    expect(read.moves.slice(10).map((move) => move.san)).toEqual(game.slice(10));
  });
});

describe("a sheet read alone with a move written twice", () => {
  const game = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"];
  /** The game with move 5 (O-O Be7, plies 8 and 9) written again in row 6: the moves from move 6 on a row late. */
  const twice = (): PageMoves => ({
    moves: [...game.slice(0, 10), ...game.slice(8)].map((san, ply) => ({ ply, logProbs: frames(san), features: frames(san) })),
  });
  const head: Head = { kernel: Float32Array.from({ length: CLASSES * CLASSES }, (_, i) => (Math.floor(i / CLASSES) === i % CLASSES ? 1 : 0)), bias: new Float32Array(CLASSES), width: CLASSES };

  it("is read without the second writing: the moves after it a row earlier", () => {
    const closed = closedRows([twice()], new Set())[0];
    expect(closed.pages[0].moves.map((move) => move.ply)).toEqual(identity(20));
    expect(closed.boxPlies).toEqual([[[10, -1], [11, -1], ...identity(10).map((i): [number, number] => [i + 12, i + 10])]]);
  });

  it("reads the game right, where read as numbered the repeated row was read as two other moves and the game after it a move apart", async () => {
    const { game: read, boxPlies } = await readGameAdaptedToWriter([twice()], "EN", head);
    expect(read.moves.map((move) => move.san)).toEqual(game);
    expect(read.moves.filter((move) => move.flagged)).toEqual([]);
    expect(boxPlies[0]?.[0]).toEqual([10, -1]);
    const asNumbered = readGame([twice()], "EN");
    expect(asNumbered.moves.slice(10).map((move) => move.san)).not.toEqual(game.slice(10));
  });

  it("is read without a second writing read a square off, where the game read as numbered doubts its row", async () => {
    // move 4, Ba4 Nf6, written again in row 5, its bishop's square read b4
    const misread: PageMoves = { moves: [...game.slice(0, 8), "Bb4", "Nf6", ...game.slice(8)].map((san, ply) => ({ ply, logProbs: frames(san), features: frames(san) })) };
    expect(closedRows([misread], new Set())).toEqual([]);
    expect(closedRows([misread], new Set([8])).map((closed) => closed.boxPlies[0]?.[0])).toEqual([[8, -1]]);
    const { game: read, boxPlies } = await readGameAdaptedToWriter([misread], "EN", head);
    expect(read.moves.map((move) => move.san)).toEqual(game);
    expect(boxPlies[0]?.slice(0, 3)).toEqual([[8, -1], [9, -1], [10, 8]]);
  });

  it("reads each row that may be a move written again closed apart from the others", () => {
    // rows 5 and 8 may write the row above again, as read (a square or a piece letter misread)
    const sans = [...game.slice(0, 8), "Bb4", "Nf6", ...game.slice(8, 12), "Be1", "b5", ...game.slice(12)];
    const page: PageMoves = { moves: sans.map((san, ply) => ({ ply, logProbs: frames(san) })) };
    const closed = closedRows([page], new Set([8, 14]));
    expect(closed.map((reading) => reading.boxPlies[0]?.filter(([, ply]) => ply < 0).map(([box]) => box))).toEqual([[8, 9], [14, 15]]);
  });

  it("is read without a second writing that the box as cut misreads a box apart, where the readings averaged read it as written", () => {
    // move 4, Ba4 Nf6, written again in row 5: as cut its bishop reads Bb3 and its knight Nf1 (no box as written above it)
    const sans = [...game.slice(0, 8), "Ba4", "Nf6", ...game.slice(8)];
    const asCut = (san: string, ply: number) => (ply === 8 ? "Bb3" : ply === 9 ? "Nf1" : san);
    const page: PageMoves = { moves: sans.map((san, ply) => ({ ply, logProbs: frames(san), asCut: frames(asCut(san, ply)) })) };
    expect(closedRows([page], new Set([9])).map((closed) => closed.boxPlies[0]?.[0])).toEqual([[8, -1]]);
  });

  it("is read without a second writing read a box apart on both sides, unless most of the game is doubted", () => {
    // move 4, Ba4 Nf6, written again in row 5, read Bb4 Nf5: no box as written above it
    const sans = [...game.slice(0, 8), "Bb4", "Nf5", ...game.slice(8)];
    const page: PageMoves = { moves: sans.map((san, ply) => ({ ply, logProbs: frames(san) })) };
    expect(closedRows([page], new Set([8])).map((closed) => closed.boxPlies[0]?.[0])).toEqual([[8, -1]]);
    // a hand the reader is lost in: rows read alike by chance abound (Debian's Delphine, cursive hands flagged throughout)
    expect(closedRows([page], new Set(sans.map((_, ply) => ply)))).toEqual([]);
  });

  it("reads the likeliest rows written again closed where more may be: those as written above them first", () => {
    // rows 3, 5, 7 and 9 (from 0) each write a box as above them, the other a square off; row 11 writes both again
    const sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bb5", "a5", "Ba4", "Nf6", "Ba4", "Nf5", "O-O", "Be7", "O-O", "Be6", "Re1", "b5", "Re1", "b4", "Bb3", "d6", "Bb3", "d6", "c3", "O-O"];
    const page: PageMoves = { moves: sans.map((san, ply) => ({ ply, logProbs: frames(san) })) };
    const doubted = new Set(sans.map((_, ply) => ply));
    const closed = closedRows([page], doubted).map((reading) => reading.boxPlies[0]!.find(([, ply]) => ply < 0)![0] >> 1);
    expect(closed).toHaveLength(3);
    expect(closed).toContain(11);
    expect(closed).toEqual([...closed].sort((a, b) => a - b));
  });

  it("is read as numbered where two rows of captures on one square write alike (the Scotch Game's 3. d4 exd4 4. Nxd4 Nxd4)", async () => {
    const scotch = ["e4", "e5", "Nf3", "Nc6", "d4", "exd4", "Nxd4", "Nxd4", "Qxd4", "d6", "Nc3", "Nf6", "Bg5", "Be7", "O-O-O", "O-O"];
    const page: PageMoves = { moves: scotch.map((san, ply) => ({ ply, logProbs: frames(san), features: frames(san) })) };
    expect(closedRows([page], new Set())).toEqual([]);
    const { game: read, boxPlies } = await readGameAdaptedToWriter([page], "EN", head);
    expect(read.moves.map((move) => move.san)).toEqual(scotch);
    expect(boxPlies).toEqual([null]);
  });
});

