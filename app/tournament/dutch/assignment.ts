import { firstOptimalAssignment, minimumCostAssignment } from "../assignment";
import { matchingSize, maximumMatching } from "../matching";
import { packCosts, type Cost } from "./cost";
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
  pairCost: (x: State, y: State) => Cost;
  /** what it costs that this resident floats; null when he must be paired (C4) */
  floatCost: (resident: State) => Cost | null;
};

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
  // Costs by what a matching holds of them: one float, k pairs of MDPs, the other pairs.
  const groups = { float: [] as Cost[], mdp: [] as Cost[], resident: [] as Cost[] };
  const costOf = (x: State | null, y: State): Cost | null => {
    if (x === null) {
      const cost = mdps.includes(y) ? null : bracket.floatCost(y);
      if (cost) groups.float.push(cost);
      return cost;
    }
    if (!compatible(x, y)) return null;
    const cost = bracket.pairCost(x, y);
    (mdps.includes(x) || mdps.includes(y) ? groups.mdp : groups.resident).push(cost);
    return cost;
  };
  const crossing: (Cost | null)[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) crossing.push(costOf(p(i), q(j)));
  const insideP: [number, number, Cost][] = [];
  for (let i = 0; i < top.length; i++) {
    for (let i2 = i + 1; i2 < n; i2++) {
      const cost = costOf(p(i2), top[i]);
      if (cost) insideP.push([i, i2, cost]);
    }
  }
  const insideQ: [number, number, Cost][] = [];
  for (let j = 0; j < n; j++) {
    for (let j2 = Math.max(j + 1, k); j2 < n; j2++) {
      const cost = costOf(q(j), q(j2));
      if (cost) insideQ.push([j, j2, cost]);
    }
  }
  const packing = packCosts([
    { costs: groups.float, count: 1 },
    { costs: groups.mdp, count: k },
    { costs: groups.resident, count: n },
  ]);
  if (packing.bits > MAX_BITS) return null;
  const pack = (cost: Cost) => Number(packing.pack(cost));
  const matrix = Float64Array.from(crossing, (c) => (c ? pack(c) : Infinity));
  const assignment = minimumCostAssignment(n, matrix);
  // none of these candidates pairs everyone: none at all, unless exchanges could
  if (!assignment) return oneFloater || maxPairsIn([...mdps, ...residents], (i, j) => i >= k || j >= k) * 2 === k + residents.length ? null : "none";
  const { u, v } = assignment;
  // Shifting u down and v up by the same amount keeps the assignment's bound; it must fit both sides.
  let needP = -Infinity;
  for (const [a, b, cost] of insideP) needP = Math.max(needP, u[a] + u[b] - pack(cost));
  let roomQ = Infinity;
  for (const [a, b, cost] of insideQ) roomQ = Math.min(roomQ, pack(cost) - v[a] - v[b]);
  if (needP > roomQ) return null;
  const steps: [0 | 1, number][] = [...mdps.map((_, j) => [1, j] as [1, number]), ...top.map((_, i) => [0, i] as [0, number])];
  const rowMate = firstOptimalAssignment(n, matrix, assignment, steps, (_, partner) => partner);
  if (k > 0 && needP === roomQ && !mdpChoicesFirst(n, k, rowMate, (i, j) => matrix[i * n + j] - u[i] - v[j] === 0, [
    ...insideP.filter(([a, b, cost]) => u[a] + u[b] - pack(cost) === needP).map(([a, b]) => [a, b] as [number, number]),
    ...insideQ.filter(([a, b, cost]) => pack(cost) - v[a] - v[b] === roomQ).map(([a, b]) => [n + a, n + b] as [number, number]),
  ])) {
    return null;
  }
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
function mdpChoicesFirst(n: number, k: number, rowMate: Int32Array, tightCrossing: (i: number, j: number) => boolean, tightInside: [number, number][]): boolean {
  const neighbours: number[][] = Array.from({ length: 2 * n }, () => []);
  const link = (a: number, b: number) => {
    neighbours[a].push(b);
    neighbours[b].push(a);
  };
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (tightCrossing(i, j)) link(i, n + j);
  for (const [a, b] of tightInside) link(a, b);
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
