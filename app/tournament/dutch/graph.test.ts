import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { pairable, pairsGreedily, RestOfRound } from "./graph";
import type { State } from "./players";

/** A player of a round: who he may not meet, his colour need, whether he may take the bye. */
function player(id: number, opponents: number[], absolute: "w" | "b" | null, byeCandidate: boolean): State {
  return {
    id,
    pairingNumber: id,
    score: 0,
    points: 0,
    colour: { history: [], difference: 0, preference: absolute ?? undefined, strength: absolute ? "absolute" : "mild" },
    opponents: new Set(opponents),
    byeEligible: byeCandidate,
    byeCandidate,
    unplayed: 0,
    topscorer: false,
    lastFloat: undefined,
    floatBefore: undefined,
  };
}

/** Players who have met three in four of the others (a late round), several with the same absolute colour, few bye candidates. */
function round(size: number, seed: number): State[] {
  const random = seededRandom(seed);
  const met = Array.from({ length: size }, () => new Set<number>());
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      if (random() < 0.75) {
        met[i].add(j + 1);
        met[j].add(i + 1);
      }
    }
  }
  return met.map((opponents, i) => player(i + 1, [...opponents], random() < 0.3 ? (random() < 0.5 ? "w" : "b") : null, random() < 0.15));
}

describe("C4 asked of the rest of the round again and again (RestOfRound)", () => {
  it("answers as a matching over all of them does, for every set of players above, odd and even, with and without a bye taker", () => {
    let pairableSets = 0;
    let unpairableSets = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const players = round(14 + (seed % 5), seed);
      const random = seededRandom(1000 + seed);
      const rest = new RestOfRound(players.slice(4));
      for (let trial = 0; trial < 12; trial++) {
        const above = players.slice(0, 4).filter(() => random() < 0.6);
        const expected = pairable([...above, ...rest.players], (p) => p.byeCandidate);
        expect(rest.pairableWith(above)).toBe(expected);
        expect(rest.pairableWith([...above].reverse())).toBe(expected); // the same set, kept
        if (expected) pairableSets++;
        else unpairableSets++;
      }
    }
    // both answers occur often, so the comparison means something
    expect(pairableSets).toBeGreaterThan(50);
    expect(unpairableSets).toBeGreaterThan(50);
  });

  it("needs the bye to go to a bye candidate when the number is odd", () => {
    // 1–2 and 2–3 may meet, 1–3 may not: one of three takes the bye, and only the one left over may
    const players = [player(1, [3], null, false), player(2, [], null, false), player(3, [1], null, true)];
    expect(new RestOfRound(players.slice(1)).pairableWith([players[0]])).toBe(true);
    const noTaker = [player(1, [3], null, false), player(2, [], null, true), player(3, [1], null, false)];
    expect(new RestOfRound(noTaker.slice(1)).pairableWith([noTaker[0]])).toBe(false);
  });

  it("keeps the players below the next bracket apart, as their own rest of the round", () => {
    const players = round(12, 7);
    const rest = new RestOfRound(players);
    expect(rest.from(4).players).toEqual(players.slice(4));
    expect(rest.from(4)).toBe(rest.from(4));
  });
});

describe("the quick test that players pair one after another (pairsGreedily)", () => {
  it("answers for two lists of players as for one list of them all, in that order", () => {
    let greedy = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const players = round(6 + (seed % 7), seed).map((p) => ({ ...p, opponents: new Set([...p.opponents].filter(() => seed % 2 === 0)) }));
      const cut = seed % players.length;
      const alone = pairsGreedily([players], (p) => p.byeCandidate);
      expect(pairsGreedily([players.slice(0, cut), players.slice(cut)], (p) => p.byeCandidate)).toBe(alone);
      if (alone) greedy++;
    }
    expect(greedy).toBeGreaterThan(10);
    expect(greedy).toBeLessThan(50);
  });
});
