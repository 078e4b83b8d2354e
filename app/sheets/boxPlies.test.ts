import { describe, expect, it } from "vitest";
import { gamePly, sheetSlips } from "./boxPlies";

describe("the game's ply a sheet's box shows", () => {
  it("is the box's own where the sheet is as numbered, else the alignment's (-1 for a move written twice)", () => {
    const boxPlies = { 7: [[8, 10], [9, 11], [6, -1]] as [number, number][] };
    expect([gamePly(undefined, 7, 8), gamePly(boxPlies, 3, 8), gamePly(boxPlies, 7, 5), gamePly(boxPlies, 7, 8), gamePly(boxPlies, 7, 9), gamePly(boxPlies, 7, 6)]).toEqual([8, 8, 5, 10, 11, -1]);
  });
});

describe("where a sheet's player slipped, for the organiser", () => {
  it("names the row before which a move is not written, and the row written twice, by the form's row numbers", () => {
    // sheet 7 leaves move 5 out (its row 5 holds move 6); sheet 9 writes move 3 in rows 3 and 4; sheet 11 leaves row 2 blank
    const boxPlies: Record<number, [number, number][]> = {
      7: [[8, 10], [9, 11], [10, 12], [11, 13]],
      9: [[6, -1], [7, -1], [8, 6], [9, 7]],
      11: [[4, 2], [5, 3], [6, 4]],
    };
    expect(sheetSlips(boxPlies)).toEqual([
      { sheet: 7, row: 5, kind: "leftOut" },
      { sheet: 9, row: 4, kind: "twice" },
      { sheet: 11, row: 2, kind: "blankRow" },
    ]);
    expect(sheetSlips(undefined)).toEqual([]);
  });
});
