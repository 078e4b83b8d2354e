import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { maximumWeightMatching, type WeightedEdge } from "./weightedMatching";

/** Best (cardinality, weight) over all matchings, by trying every edge set. */
function bruteForce(n: number, edges: WeightedEdge[], maxCardinality: boolean): [number, bigint] {
  let best: [number, bigint] = [0, 0n];
  const walk = (k: number, used: Set<number>, size: number, weight: bigint) => {
    const better = maxCardinality ? size > best[0] || (size === best[0] && weight > best[1]) : weight > best[1];
    if (better) best = [size, weight];
    for (let e = k; e < edges.length; e++) {
      const [i, j, w] = edges[e];
      if (used.has(i) || used.has(j)) continue;
      used.add(i).add(j);
      walk(e + 1, used, size + 1, weight + w);
      used.delete(i);
      used.delete(j);
    }
  };
  walk(0, new Set(), 0, 0n);
  return maxCardinality ? best : [0, best[1]];
}

function value(mate: Int32Array, edges: WeightedEdge[]): [number, bigint] {
  let size = 0;
  let weight = 0n;
  for (const [i, j, w] of edges) {
    if (mate[i] === j) {
      expect(mate[j]).toBe(i);
      size++;
      weight += w;
    }
  }
  return [size, weight];
}

describe("maximum-weight matching", () => {
  it("takes the heavier of two overlapping edges, and the two outer ones of a path when they weigh more", () => {
    expect([...maximumWeightMatching(3, [[0, 1, 5n], [1, 2, 7n]])]).toEqual([-1, 2, 1]);
    expect([...maximumWeightMatching(4, [[0, 1, 4n], [1, 2, 6n], [2, 3, 4n]])]).toEqual([1, 0, 3, 2]);
  });

  it("with maximum cardinality, prefers more edges to more weight", () => {
    expect([...maximumWeightMatching(4, [[0, 1, 1n], [1, 2, 10n], [2, 3, 1n]], true)]).toEqual([1, 0, 3, 2]);
  });

  it("finds the optimum of random graphs (odd cycles included), as trying every matching does", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      const n = 2 + Math.floor(random() * 9);
      const edges: WeightedEdge[] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < 0.5) edges.push([i, j, BigInt(Math.floor(random() * 20)) << BigInt(Math.floor(random() * 70))]);
      for (const maxCardinality of [false, true]) {
        const [size, weight] = value(maximumWeightMatching(n, edges, maxCardinality), edges);
        const [bestSize, bestWeight] = bruteForce(n, edges, maxCardinality);
        if (maxCardinality) expect(size).toBe(bestSize);
        expect(weight).toBe(bestWeight);
      }
    }
  });
});
