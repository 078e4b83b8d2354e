import { firstOptimalAssignment, minimumCostAssignment } from "../assignment";
import { matchingSize, maximumMatching } from "../matching";
import { CostNumbers, type Cost } from "./cost";
import { maxPairsIn } from "./graph";
import { compatible, type State } from "./players";

/**
 * A bracket decided as an assignment instead of one weighted matching on very big integers: the
 * candidates without exchanges pair the MDPs and the remainder's S2 (side Q) with the top of the
 * residents, the remainder's S1 (side P; with a float vertex when one resident floats). The
 * cheapest such candidate is found by the Hungarian method; its potentials, shifted, also bound
 * every pair inside P and inside Q, which proves that no candidate with exchanges is cheaper (and,
 * when strictly, that every cheapest candidate is one of these). Then the first in the handbook's
 * order is taken one choice after another on the tight edges: the MDPs' opponents, the S1
 * players' opponents. "none" when no candidate at all pairs everyone (no downfloater); null when
 * the proof fails or the costs do not fit in plain numbers: the bracket then goes to the weighted
 * matching or the ordered search.
 */
export type AssignmentBracket = {
  /** MDPs that are all paired, in rank order */
  mdps: State[];
  /** residents in rank order */
  residents: State[];
  /** pairs of the remainder */
  pairs: number;
  /** one resident downfloats */
  oneFloater: boolean;
  /** entries of a Cost */
  size: number;
  pairCost: (x: State, y: State) => Cost;
  /** what it costs that this resident floats; null when he must be paired (C4) */
  floatCost: (resident: State) => Cost | null;
};

/** Stores an edge (two vertices and its cost's number) at `end` of `edges`; returns the new end. */
function store(edges: Int32Array, end: number, a: number, b: number, number: number): number {
  edges[end] = a;
  edges[end + 1] = b;
  edges[end + 2] = number;
  return end + 3;
}

/** The groups of costs a matching holds so many of: one float, the k pairs of MDPs, the other pairs. */
const [FLOAT, MDP, RESIDENT] = [0, 1, 2];

/** Packed costs of the biggest values plain numbers add exactly (with room for the potentials). */
const MAX_BITS = 48;

export function pairByAssignment(bracket: AssignmentBracket): { pairs: [State, State][]; floater: State | null } | "none" | null {
  const { mdps, residents, pairs, oneFloater } = bracket;
  const k = mdps.length;
  const top = residents.slice(0, pairs + k);
  const bottom = residents.slice(pairs + k);
  const n = top.length + (oneFloater ? 1 : 0);
  if (mdps.length + bottom.length !== n) return null;
  // P: top residents, then the float vertex (index top.length); Q: MDPs, then the bottom residents.
  const p = (i: number) => (i < top.length ? top[i] : null);
  const q = (j: number) => (j < k ? mdps[j] : bottom[j - k]);
  const isMdp = new Set(mdps);
  const floatCosts = new Map<State, Cost | null>();
  const floatCost = (y: State) => {
    if (!floatCosts.has(y)) floatCosts.set(y, isMdp.has(y) ? null : bracket.floatCost(y));
    return floatCosts.get(y)!;
  };
  const pairCost = (x: State, y: State) => (compatible(x, y) ? bracket.pairCost(x, y) : null);
  const costs = new CostNumbers();
  // The edges a candidate may hold: P × Q (the assignment's rows and columns), then inside P and
  // inside Q as their two vertices and cost, one edge after another.
  const crossing = new Int32Array(n * n);
  for (let i = 0; i < n; i++) {
    const x = p(i);
    for (let j = 0; j < n; j++) crossing[i * n + j] = x ? costs.numberOf(pairCost(x, q(j)), j < k ? MDP : RESIDENT) : costs.numberOf(floatCost(q(j)), FLOAT);
  }
  const insideP = new Int32Array(3 * (top.length * n - (top.length * (top.length + 1)) / 2));
  let endP = 0;
  for (let i = 0; i < top.length; i++) {
    for (let i2 = i + 1; i2 < n; i2++) {
      const x = p(i2);
      const number = x ? costs.numberOf(pairCost(x, top[i]), RESIDENT) : costs.numberOf(floatCost(top[i]), FLOAT);
      if (number >= 0) endP = store(insideP, endP, i, i2, number);
    }
  }
  const insideQ = new Int32Array(3 * (k * (n - k) + ((n - k) * (n - k - 1)) / 2));
  let endQ = 0;
  for (let j = 0; j < n; j++) {
    for (let j2 = Math.max(j + 1, k); j2 < n; j2++) {
      const number = costs.numberOf(pairCost(q(j), q(j2)), j < k ? MDP : RESIDENT);
      if (number >= 0) endQ = store(insideQ, endQ, j, j2, number);
    }
  }
  const packed = costs.packed(bracket.size, [1, k, n], MAX_BITS);
  if (!packed) return null;
  const matrix = new Float64Array(n * n);
  for (let e = 0; e < n * n; e++) matrix[e] = crossing[e] >= 0 ? packed[crossing[e]] : Infinity;
  const assignment = minimumCostAssignment(n, matrix);
  // none of these candidates pairs everyone: none at all, unless exchanges could
  if (!assignment) return oneFloater || maxPairsIn([...mdps, ...residents], (i, j) => i >= k || j >= k) * 2 === k + residents.length ? null : "none";
  const { u, v } = assignment;
  // Shifting u down and v up by the same amount keeps the assignment's bound; it must fit both sides.
  const slackP = (e: number) => u[insideP[e]] + u[insideP[e + 1]] - packed[insideP[e + 2]];
  const slackQ = (e: number) => packed[insideQ[e + 2]] - v[insideQ[e]] - v[insideQ[e + 1]];
  let needP = -Infinity;
  for (let e = 0; e < endP; e += 3) needP = Math.max(needP, slackP(e));
  let roomQ = Infinity;
  for (let e = 0; e < endQ; e += 3) roomQ = Math.min(roomQ, slackQ(e));
  if (needP > roomQ) return null;
  const steps: [0 | 1, number][] = [...mdps.map((_, j) => [1, j] as [1, number]), ...top.map((_, i) => [0, i] as [0, number])];
  const rowMate = firstOptimalAssignment(n, matrix, assignment, steps, (_, partner) => partner);
  const eachTightInside = (link: (a: number, b: number) => void) => {
    for (let e = 0; e < endP; e += 3) if (slackP(e) === needP) link(insideP[e], insideP[e + 1]);
    for (let e = 0; e < endQ; e += 3) if (slackQ(e) === roomQ) link(n + insideQ[e], n + insideQ[e + 1]);
  };
  if (k > 0 && needP === roomQ && !mdpChoicesFirst(n, k, rowMate, (i, j) => matrix[i * n + j] - u[i] - v[j] === 0, eachTightInside)) return null;
  const result: [State, State][] = [];
  let floater: State | null = null;
  for (let i = 0; i < n; i++) {
    const partner = q(rowMate[i]);
    const player = p(i);
    if (player === null) floater = partner;
    else result.push(rowMate[i] < k ? [partner, player] : [player, partner]);
  }
  return { pairs: result, floater };
}

/**
 * When pairs inside P or inside Q are tight too, a cheapest candidate with exchanges in the
 * remainder might give an MDP an earlier opponent than the assignment could: for each MDP in turn
 * (Q vertex j), no earlier opponent with a tight edge may leave the rest perfectly matchable on
 * the tight edges of the whole bracket (vertices: P 0..n-1, Q n..2n-1).
 */
function mdpChoicesFirst(
  n: number,
  k: number,
  rowMate: Int32Array,
  tightCrossing: (i: number, j: number) => boolean,
  eachTightInside: (link: (a: number, b: number) => void) => void,
): boolean {
  // the graph of tight edges, made when an earlier opponent is first tried
  let tight: number[][] | null = null;
  const tightGraph = () => {
    const neighbours: number[][] = Array.from({ length: 2 * n }, () => []);
    const link = (a: number, b: number) => {
      neighbours[a].push(b);
      neighbours[b].push(a);
    };
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (tightCrossing(i, j)) link(i, n + j);
    eachTightInside(link);
    return neighbours;
  };
  const mate = new Int32Array(2 * n);
  rowMate.forEach((j, i) => {
    mate[i] = n + j;
    mate[n + j] = i;
  });
  const removed = new Uint8Array(2 * n);
  const perfectWithout = (a: number, b: number) => {
    const index = new Int32Array(2 * n).fill(-1);
    let count = 0;
    for (let x = 0; x < 2 * n; x++) if (!removed[x] && x !== a && x !== b) index[x] = count++;
    const neighbours = (tight ??= tightGraph());
    const graph: number[][] = Array.from({ length: count }, () => []);
    const initial = new Int32Array(count).fill(-1);
    for (let x = 0; x < 2 * n; x++) {
      if (index[x] < 0) continue;
      for (const y of neighbours[x]) if (index[y] >= 0) graph[index[x]].push(index[y]);
      if (index[mate[x]] >= 0) initial[index[x]] = index[mate[x]];
    }
    return matchingSize(maximumMatching(count, graph, initial)) * 2 === count;
  };
  for (let j = 0; j < k; j++) {
    const chosen = mate[n + j];
    for (let i = 0; i < chosen; i++) {
      if (!removed[i] && tightCrossing(i, j) && perfectWithout(n + j, i)) return false;
    }
    removed[n + j] = 1;
    removed[chosen] = 1;
  }
  return true;
}
