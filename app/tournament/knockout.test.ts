import { describe, expect, it } from "vitest";
import { knockoutFirstRound, matchWinner, nextKnockoutRound, seedPositions } from "./knockout";

describe("knockout", () => {
  it("seeds so that 1 and 2 meet only in the final", () => {
    expect(seedPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(seedPositions(4)).toEqual([1, 4, 2, 3]);
  });

  it("gives byes to the top seeds when the field is not a power of two", () => {
    const first = knockoutFirstRound(6);
    expect(first.map((m) => [m.white, m.black, m.winner])).toEqual([
      [1, undefined, 1],
      [4, 5, undefined],
      [2, undefined, 2],
      [3, 6, undefined],
    ]);
  });

  it("decides matches by points, or by the recorded winner of a drawn match", () => {
    const [match] = knockoutFirstRound(2);
    expect(matchWinner(match, { whitePoints: 1.5, blackPoints: 0.5 })).toBe(1);
    expect(matchWinner(match, { whitePoints: 1, blackPoints: 1 })).toBeUndefined();
    expect(matchWinner(match, { whitePoints: 1, blackPoints: 1, winner: 2 })).toBe(2);
    expect(matchWinner(match, { whitePoints: 1, blackPoints: 1, winner: 7 })).toBeUndefined();
  });

  it("builds the next round from the winners, and only when all are known", () => {
    const first = knockoutFirstRound(4);
    expect(nextKnockoutRound(first)).toBeUndefined();
    first[0].winner = 1;
    first[1].winner = 3;
    expect(nextKnockoutRound(first)).toEqual([{ round: 2, slot: 0, white: 1, black: 3 }]);
  });
});
