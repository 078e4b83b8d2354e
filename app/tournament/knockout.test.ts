import { describe, expect, it } from "vitest";
import { knockoutFirstRound, knockoutRounds, matchWinner, nextKnockoutBoards, nextKnockoutRound, seedPositions, stageOf } from "./knockout";

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

  it("names each board's stage: rounds of 8 and 4 boards, semi-finals, the final and the match for third place", () => {
    expect(knockoutRounds(6)).toBe(3);
    expect(knockoutRounds(16)).toBe(4);
    expect(stageOf(1, 1, 8)).toEqual({ stage: "round", players: 16 });
    expect(stageOf(2, 3, 8)).toEqual({ stage: "quarterFinal", players: 8 });
    expect(stageOf(3, 1, 8)).toEqual({ stage: "semiFinal", players: 4 });
    expect(stageOf(4, 1, 8)).toEqual({ stage: "final", players: 2 });
    expect(stageOf(4, 2, 8)).toEqual({ stage: "thirdPlace", players: 2 });
  });

  it("pairs the winners of boards 2k-1 and 2k, adds third place after the semi-finals, and stops after the final", () => {
    const semis = [
      { white: 1, black: 4, winner: 4 },
      { white: 2, black: 3, winner: 2 },
    ];
    expect(nextKnockoutBoards(3, semis, 4, true)).toEqual({ ok: true, value: [{ white: 4, black: 2 }, { white: 1, black: 3 }] });
    expect(nextKnockoutBoards(3, semis, 4, false)).toEqual({ ok: true, value: [{ white: 4, black: 2 }] });
    expect(nextKnockoutBoards(3, [semis[0], { white: 2, black: 3, winner: undefined }], 4, true)).toEqual({ ok: false, error: { code: "knockoutUndecided", board: 2 } });
    expect(nextKnockoutBoards(4, [{ white: 4, black: 2, winner: 4 }], 4, true)).toEqual({ ok: false, error: { code: "knockoutFinished" } });
  });
});
