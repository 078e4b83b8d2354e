import { describe, expect, it } from "vitest";
import { bergerTable } from "./roundRobin";

const text = (n: number, double = false) =>
  bergerTable(n, double).map((r) => [...r.pairings.map((p) => `${p.white}-${p.black}`), ...(r.bye ? [`bye ${r.bye}`] : [])].join(" "));

describe("round robin by the FIDE Berger tables", () => {
  it("4 players", () => {
    expect(text(4)).toEqual(["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
  });
  it("6 players", () => {
    expect(text(6)).toEqual(["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]);
  });
  it("8 players", () => {
    expect(text(8)).toEqual([
      "1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
      "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1",
    ]);
  });
  it("10 players, first and last rounds", () => {
    const rounds = text(10);
    expect(rounds[0]).toBe("1-10 2-9 3-8 4-7 5-6");
    expect(rounds[1]).toBe("10-6 7-5 8-4 9-3 1-2");
    expect(rounds[8]).toBe("5-10 6-4 7-3 8-2 9-1");
  });
  it("odd numbers: the player who would meet the last number has a bye", () => {
    expect(text(5)).toEqual(["2-5 3-4 bye 1", "5-3 1-2 bye 4", "3-1 4-5 bye 2", "1-4 2-3 bye 5", "4-2 5-1 bye 3"]);
  });
  it("double round robin repeats the table with colours reversed", () => {
    expect(text(4, true)).toEqual(["1-4 2-3", "4-3 1-2", "2-4 3-1", "4-1 3-2", "3-4 2-1", "4-2 1-3"]);
  });
  it.each(Array.from({ length: 14 }, (_, i) => i + 3))("%i players: everyone meets everyone once, colours balanced", (n) => {
    const rounds = bergerTable(n);
    const met = new Set<string>();
    const whites = new Map<number, number>();
    for (const round of rounds) {
      const seen = new Set<number>();
      for (const { white, black } of round.pairings) {
        const key = `${Math.min(white, black)}-${Math.max(white, black)}`;
        expect(met.has(key)).toBe(false);
        met.add(key);
        for (const p of [white, black]) {
          expect(seen.has(p)).toBe(false);
          seen.add(p);
        }
        whites.set(white, (whites.get(white) ?? 0) + 1);
      }
      if (round.bye) seen.add(round.bye);
      expect(seen.size).toBe(n);
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
    for (let p = 1; p <= n; p++) expect(Math.abs(2 * (whites.get(p) ?? 0) - (n % 2 === 0 ? n - 1 : n - 1))).toBeLessThanOrEqual(n % 2 === 0 ? 1 : 2);
  });
});
