import { describe, expect, it } from "vitest";
import { boardPairings, matchPoints, scheveningen } from "./teams";

const a = { id: 1, players: [11, 12, 13, 14] };
const b = { id: 2, players: [21, 22, 23, 24] };

describe("team matches", () => {
  it("alternate colours by board, the first team white on board 1", () => {
    expect(boardPairings(a, b)).toEqual([
      { white: 11, black: 21 },
      { white: 22, black: 12 },
      { white: 13, black: 23 },
      { white: 24, black: 14 },
    ]);
  });

  it("give 2 match points for a win, 1 for a draw", () => {
    expect(matchPoints(2.5, 1.5)).toBe(2);
    expect(matchPoints(2, 2)).toBe(1);
    expect(matchPoints(1, 3)).toBe(0);
  });

  it("Scheveningen: every player meets every player of the other team once, with balanced colours", () => {
    const rounds = scheveningen(a, b);
    expect(rounds).toHaveLength(4);
    const met = new Set(rounds.flatMap((r) => r.pairings.map((p) => `${Math.min(p.white, p.black)}-${Math.max(p.white, p.black)}`)));
    expect(met.size).toBe(16);
    for (const player of [...a.players, ...b.players]) {
      const whites = rounds.filter((r) => r.pairings.some((p) => p.white === player)).length;
      expect(whites).toBe(2);
    }
    expect(rounds[0].pairings[0]).toEqual({ white: 11, black: 21 });
    expect(rounds[1].pairings[0]).toEqual({ white: 11, black: 22 });
    expect(rounds[1].pairings[1]).toEqual({ white: 23, black: 12 });
  });
});
