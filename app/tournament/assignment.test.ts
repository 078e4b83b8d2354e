import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { firstOptimalAssignment, minimumCostAssignment } from "./assignment";

/** Every assignment (row → column) of an n × n matrix without missing edges, in lexicographic order of the rows' columns. */
function* permutations(n: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === n) yield prefix;
  for (let c = 0; c < n; c++) if (!prefix.includes(c)) yield* permutations(n, [...prefix, c]);
}

const total = (cost: Float64Array, n: number, rowMate: ArrayLike<number>) => Array.from(rowMate).reduce((sum, c, r) => sum + cost[r * n + c], 0);

function randomMatrix(random: () => number, n: number): Float64Array {
  // few distinct costs, so that many assignments tie; some edges missing
  return Float64Array.from({ length: n * n }, () => (random() < 0.2 ? Infinity : Math.floor(random() * 3)));
}

describe("minimum-cost assignment", () => {
  it("finds the cheapest assignment, with potentials that bound every edge and are tight on it (random matrices against all permutations)", () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 6);
      const cost = randomMatrix(random, n);
      const best = Math.min(...[...permutations(n)].map((p) => total(cost, n, p)));
      const found = minimumCostAssignment(n, cost);
      if (best === Infinity) {
        expect(found).toBeNull();
        continue;
      }
      if (!found) throw new Error("no assignment found");
      expect(total(cost, n, found.rowMate)).toBe(best);
      for (let r = 0; r < n; r++) {
        expect(cost[r * n + found.rowMate[r]]).toBe(found.u[r] + found.v[found.rowMate[r]]);
        for (let c = 0; c < n; c++) expect(found.u[r] + found.v[c]).toBeLessThanOrEqual(cost[r * n + c]);
      }
    }
  });

  it("chooses, among the cheapest, the first by each row's column in turn, and by columns' rows when columns are stepped", () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 6);
      const cost = randomMatrix(random, n);
      const found = minimumCostAssignment(n, cost);
      if (!found) continue;
      const optimal = [...permutations(n)].filter((p) => total(cost, n, p) === total(cost, n, found.rowMate));
      // rows 0..n-1 each take the lowest column they can (permutations come in that order)
      const byRows = firstOptimalAssignment(n, cost, found, Array.from({ length: n }, (_, r) => [0, r]), (_, c) => c);
      expect(Array.from(byRows)).toEqual(optimal[0]);
      // column 0 first takes the highest row it can, then the rows in order take the lowest columns
      const highestForColumn0 = Math.max(...optimal.map((p) => p.indexOf(0)));
      const steps: [0 | 1, number][] = [[1, 0], ...Array.from({ length: n }, (_, r) => [0, r] as [0, number])];
      const mixed = firstOptimalAssignment(n, cost, found, steps, (side, partner) => (side === 1 ? -partner : partner));
      expect(Array.from(mixed)).toEqual(optimal.find((p) => p.indexOf(0) === highestForColumn0));
    }
  });
});
