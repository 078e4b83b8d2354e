import { describe, expect, it } from "vitest";
import { AUTO_ASSIGN_CONFIDENCE, assignmentConflict, holdsBothSheets, sureNumbers } from "./assignment";

const read = (value: number | null, confidence: number) => ({ value, confidence });

describe("when a scanned sheet goes to its pairing without asking", () => {
  it("goes when the round and board read are together sure enough, and waits for the organiser otherwise", () => {
    expect(sureNumbers({ round: read(3, 0.95), board: read(12, 0.9) })).toEqual({ round: 3, board: 12 });
    // each sure enough alone, not together: 0.7 × 0.7 = 0.49
    expect(AUTO_ASSIGN_CONFIDENCE).toBeGreaterThan(0.49);
    expect(sureNumbers({ round: read(3, 0.7), board: read(12, 0.7) })).toBeNull();
    expect(sureNumbers({ round: read(3, 1), board: read(null, 0.2) })).toBeNull();
    // real people's digits misread as surely as this (0.9 × 0.86 = 0.77) sent pages to a wrong pairing
    expect(sureNumbers({ round: read(3, 0.9), board: read(12, 0.86) })).toBeNull();
  });

  it("takes the numbers the arbiter gave with the upload as sure, and over what was read", () => {
    expect(sureNumbers({ round: read(8, 0.1), board: read(12, 0.9) }, { round: 3, board: null })).toEqual({ round: 3, board: 12 });
    expect(sureNumbers({ round: read(null, 0), board: read(null, 0) }, { round: 3, board: 7 })).toEqual({ round: 3, board: 7 });
    expect(sureNumbers({ round: read(3, 0.9), board: read(12, 0.4) }, { round: 3, board: null })).toBeNull();
  });
});

describe("a pairing holding both players' sheets of a page", () => {
  it("holds them with two other sheets of that page; the sheet itself and other pages do not count", () => {
    const sheet = { id: 9, page: 1 };
    expect(holdsBothSheets([{ id: 1, page: 1 }], sheet)).toBe(false);
    expect(holdsBothSheets([{ id: 1, page: 1 }, { id: 2, page: 2 }, { id: 9, page: 1 }], sheet)).toBe(false);
    expect(holdsBothSheets([{ id: 1, page: 1 }, { id: 2, page: 1 }], sheet)).toBe(true);
    expect(holdsBothSheets([{ id: 1, page: 1 }, { id: 2, page: 1 }], { id: 9, page: 2 })).toBe(false);
  });
});

describe("a sheet the organiser assigns to a pairing", () => {
  const white = (id: number, page = 1) => ({ id, page, player: "WHITE" as const });
  const black = (id: number, page = 1) => ({ id, page, player: "BLACK" as const });
  const unknown = (id: number, page = 1) => ({ id, page, player: "UNKNOWN" as const });

  it("goes beside the other player's sheet of its page, or to a page the game lacks", () => {
    expect(assignmentConflict([], white(9))).toBeNull();
    expect(assignmentConflict([black(1)], white(9))).toBeNull();
    expect(assignmentConflict([white(1), black(2)], white(9, 2))).toBeNull();
    expect(assignmentConflict([unknown(1)], unknown(9))).toBeNull();
    // assigned again where it already is (a corrected page or colour)
    expect(assignmentConflict([white(9), black(2)], white(9))).toBeNull();
  });

  it("is refused where the game holds both players' sheets of the page, or its player's", () => {
    expect(assignmentConflict([white(1), black(2)], unknown(9))).toBe("sheets.pageHoldsBoth");
    expect(assignmentConflict([unknown(1), unknown(2)], black(9))).toBe("sheets.pageHoldsBoth");
    expect(assignmentConflict([white(1)], white(9))).toBe("sheets.colourTaken");
    expect(assignmentConflict([white(1, 2), black(2)], black(9))).toBe("sheets.colourTaken");
  });
});
