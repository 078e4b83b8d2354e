import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { add, compare, packCosts, type Cost } from "./cost";

describe("a matching's value packed into one number (Packing)", () => {
  it("compares sums of costs as their vectors compare, as a big integer and as a plain number alike", () => {
    const random = seededRandom(20261205);
    for (let trial = 0; trial < 200; trial++) {
      const size = 4 + Math.floor(random() * 20);
      const cost = (): Cost => Array.from({ length: size }, () => (random() < 0.7 ? 0 : Math.floor(random() * 4)));
      const pairs = Array.from({ length: 30 }, cost);
      const floats = Array.from({ length: 5 }, cost);
      const packing = packCosts([
        { costs: pairs, count: 3 },
        { costs: floats, count: 1 },
      ]);
      // a matching: three pairs and one float, twice
      const matching = () => [pairs[Math.floor(random() * 30)], pairs[Math.floor(random() * 30)], pairs[Math.floor(random() * 30)], floats[Math.floor(random() * 5)]];
      const [a, b] = [matching(), matching()];
      const vector = (costs: Cost[]) => costs.reduce((sum, c) => add(sum, c));
      const big = (costs: Cost[]) => costs.reduce((sum, c) => sum + packing.pack(c), 0n);
      const plain = (costs: Cost[]) => costs.reduce((sum, c) => sum + packing.packNumber(c), 0);
      const expected = Math.sign(compare(vector(a), vector(b)));
      expect(Math.sign(Number(big(a) - big(b)))).toBe(expected);
      if (packing.bits <= 53) {
        expect(Math.sign(plain(a) - plain(b))).toBe(expected);
        for (const c of a) expect(packing.packNumber(c)).toBe(Number(packing.pack(c)));
      }
    }
  });

  it("gives no bits to entries that no cost has", () => {
    const packing = packCosts([{ costs: [[0, 1, 0, 0], [0, 2, 0, 0]], count: 4 }]);
    // entry 1 reaches at most 4 × 2 = 8: four bits
    expect(packing.bits).toBe(4);
    expect(packing.packNumber([0, 2, 0, 0])).toBe(2);
  });
});
