import { describe, expect, it } from "vitest";
import { combinationsInOrder, homogeneousSplits, mdpSets } from "./order";

describe("the order of the Dutch system's candidates (C.04.3 Article 4)", () => {
  it("exchanges residents between S1 and S2 by the four rules of 4.3", () => {
    // A bracket of 10: S1 = 1..5, S2 = 6..10. After the original split: 5↔6 (difference 1), then difference 2
    // with the highest BSN leaving S1 first (5↔7, 4↔6), then difference 3 (5↔8, 4↔7, 3↔6).
    const players = Array.from({ length: 10 }, (_, i) => i + 1);
    const exchanged = [...homogeneousSplits(players, 5)].slice(0, 7).map(({ s1 }) => {
      const out = [1, 2, 3, 4, 5].filter((p) => !s1.includes(p));
      const into = s1.filter((p) => p > 5);
      return out.length ? `${out.join("+")}↔${into.join("+")}` : "original";
    });
    expect(exchanged).toEqual(["original", "5↔6", "5↔7", "4↔6", "5↔8", "4↔7", "3↔6"]);
  });

  it("tries every exchange of one player before any of two", () => {
    const splits = [...homogeneousSplits([1, 2, 3, 4, 5, 6], 3)];
    const sizes = splits.map(({ s1 }) => s1.filter((p) => p > 3).length);
    expect(sizes).toEqual([0, ...new Array(9).fill(1), ...new Array(9).fill(2)]);
    expect(splits.at(-1)!.s1).toEqual([3, 5, 6]); // the largest difference: 1 and 2 for 5 and 6
  });

  it("takes sets of moved-down players by their smallest differing BSN (4.4.2)", () => {
    expect([...mdpSets(["a", "b", "c", "d"], 2)]).toEqual([
      ["a", "b"], ["a", "c"], ["a", "d"], ["b", "c"], ["b", "d"], ["c", "d"],
    ]);
    expect([...combinationsInOrder(3, 0)]).toEqual([[]]);
    expect([...combinationsInOrder(2, 3)]).toEqual([]);
  });
});
