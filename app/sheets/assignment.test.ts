import { describe, expect, it } from "vitest";
import { AUTO_ASSIGN_CONFIDENCE, assignmentConflict, holdsBothSheets, placedByReader, sheetsToSendBack, sureNumbers } from "./assignment";
import { VALUE_DETECTION } from "./status";

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

describe("sheets of another game in a pairing", () => {
  const byReader = (id: number) => ({ id, byReader: true });
  const byPerson = (id: number) => ({ id, byReader: false });

  it("sends back the sheet of another game the reader put there, not the one the game was read from", () => {
    expect(sheetsToSendBack([byReader(1), byReader(2)], new Set([2]))).toEqual([2]);
    expect(sheetsToSendBack([byPerson(1), byReader(2)], new Set([2]))).toEqual([2]);
    // both pages of a two-page sheet
    expect(sheetsToSendBack([byReader(1), byReader(2), byReader(3)], new Set([2, 3]))).toEqual([2, 3]);
  });

  it("keeps a sheet a person put there, and sends back the reader's sheets the game was read from instead", () => {
    expect(sheetsToSendBack([byReader(1), byPerson(2)], new Set([2]))).toEqual([1]);
    // a person put both there: their word stands
    expect(sheetsToSendBack([byPerson(1), byPerson(2)], new Set([2]))).toEqual([]);
  });

  it("sends nothing back where no sheet is another game's", () => {
    expect(sheetsToSendBack([byReader(1), byReader(2)], new Set())).toEqual([]);
  });

  it("counts a sheet as the reader's when its round or board is as read, a person's when both were given or confirmed", () => {
    const { detected, confirmed, manual } = VALUE_DETECTION;
    expect(placedByReader({ roundDetectionStatus: detected, boardDetectionStatus: detected })).toBe(true);
    expect(placedByReader({ roundDetectionStatus: manual, boardDetectionStatus: detected })).toBe(true);
    expect(placedByReader({ roundDetectionStatus: manual, boardDetectionStatus: confirmed })).toBe(false);
  });
});
