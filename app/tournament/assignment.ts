/**
 * Minimum-cost perfect matchings of bipartite graphs (assignments) on plain numbers: the
 * Hungarian method with potentials (O(n³)), and the first of the optimal assignments in a given
 * order, chosen one vertex after another on the graph of tight edges. Costs must be whole numbers
 * below 2^50; a missing edge is `Infinity`.
 */

export type Assignment = {
  /** column of each row */
  rowMate: Int32Array;
  /** potentials: u[row] + v[column] ≤ cost, equal on the assignment */
  u: Float64Array;
  v: Float64Array;
};

/** The cheapest assignment of an n × n cost matrix (row-major), or null when none avoids a missing edge. */
export function minimumCostAssignment(n: number, cost: Float64Array): Assignment | null {
  // 1-based with column 0 as the root of each search (e-maxx's formulation).
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const owner = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  const minv = new Float64Array(n + 1);
  const used = new Uint8Array(n + 1);
  // Start from each row's cheapest edge, given greedily where its column is free: most rows of
  // brackets with few distinct costs are assigned before the search.
  const assigned = new Uint8Array(n + 1);
  for (let i = 1; i <= n; i++) {
    const row = (i - 1) * n - 1;
    let least = Infinity;
    for (let j = 1; j <= n; j++) least = Math.min(least, cost[row + j]);
    if (least === Infinity) return null;
    u[i] = least;
    for (let j = 1; j <= n; j++) {
      if (owner[j] === 0 && cost[row + j] === least) {
        owner[j] = i;
        assigned[i] = 1;
        break;
      }
    }
  }
  for (let i = 1; i <= n; i++) {
    if (assigned[i]) continue;
    owner[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = owner[j0];
      const row = (i0 - 1) * n - 1;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const reduced = cost[row + j] - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      if (delta === Infinity) return null;
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[owner[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (owner[j0] !== 0);
    do {
      const j1 = way[j0];
      owner[j0] = owner[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowMate = new Int32Array(n);
  for (let j = 1; j <= n; j++) rowMate[owner[j] - 1] = j - 1;
  return { rowMate, u: u.subarray(1), v: v.subarray(1) };
}

/**
 * Among the optimal assignments (those on tight edges of `assignment`'s potentials), the first in
 * this order: each vertex of `steps` in turn (a row as [0, r], a column as [1, c]) is given its
 * earliest partner by `rank` (lower first; distinct partners rank differently) with which the
 * vertices not yet decided can still all be assigned. Returns each row's column.
 */
export function firstOptimalAssignment(
  n: number,
  cost: Float64Array,
  assignment: Assignment,
  steps: [0 | 1, number][],
  rank: (side: 0 | 1, partner: number) => number,
): Int32Array {
  const { u, v } = assignment;
  // vertices 0..n-1 rows, n..2n-1 columns
  const mate = new Int32Array(2 * n);
  assignment.rowMate.forEach((c, r) => {
    mate[r] = n + c;
    mate[n + c] = r;
  });
  const isTight = (r: number, c: number) => cost[r * n + c] - u[r] - v[c] === 0;
  const tight = tightGraph(n, isTight);
  const fixed = new Uint8Array(2 * n);
  const towards = new Int32Array(2 * n);
  const reaches = new Uint8Array(2 * n);
  const queue = new Int32Array(2 * n);
  for (const [side, index] of steps) {
    const x = side === 0 ? index : n + index;
    if (fixed[x]) continue;
    const current = mate[x];
    const rankOf = (y: number) => rank(side, partnerIndex(y, n));
    let lowest = Infinity;
    for (let e = tight.start[x]; e < tight.start[x + 1]; e++) if (!fixed[tight.to[e]]) lowest = Math.min(lowest, rankOf(tight.to[e]));
    let chosen = current;
    let best = rankOf(current);
    // Vertices on x's side that reach x's partner along alternating tight edges (a cycle through x
    // frees it), searched until x's earliest possible partner is among their partners.
    reaches.fill(0);
    let tail = 0;
    queue[tail++] = current;
    for (let head = 0; head < tail && best > lowest; head++) {
      const y = queue[head];
      for (let e = tight.start[y]; e < tight.start[y + 1] && best > lowest; e++) {
        const a = tight.to[e];
        if (a === x || fixed[a] || reaches[a] || mate[y] === a) continue;
        reaches[a] = 1;
        towards[a] = y;
        queue[tail++] = mate[a];
        const partner = mate[a];
        if ((side === 0 ? isTight(x, partner - n) : isTight(partner, x - n)) && rankOf(partner) < best) [chosen, best] = [partner, rankOf(partner)];
      }
    }
    if (chosen !== current) {
      // x takes `chosen`; its holder moves along the alternating path back to x's old partner.
      const path: number[] = [];
      for (let a = mate[chosen]; ; a = mate[towards[a]]) {
        path.push(a);
        if (towards[a] === current) break;
      }
      mate[x] = chosen;
      mate[chosen] = x;
      for (const a of path) {
        mate[a] = towards[a];
        mate[towards[a]] = a;
      }
    }
    fixed[x] = 1;
    fixed[chosen] = 1;
  }
  const rowMate = new Int32Array(n);
  for (let r = 0; r < n; r++) rowMate[r] = mate[r] - n;
  return rowMate;
}

/** The tight edges as lists of neighbours (rows 0..n-1, columns n..2n-1), each in order: vertex x's are to[start[x]..start[x+1]). */
function tightGraph(n: number, isTight: (r: number, c: number) => boolean): { start: Int32Array; to: Int32Array } {
  const start = new Int32Array(2 * n + 1);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!isTight(r, c)) continue;
      start[r + 1]++;
      start[n + c + 1]++;
    }
  }
  for (let x = 0; x < 2 * n; x++) start[x + 1] += start[x];
  const to = new Int32Array(start[2 * n]);
  const filled = start.slice(0, 2 * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!isTight(r, c)) continue;
      to[filled[r]++] = n + c;
      to[filled[n + c]++] = r;
    }
  }
  return { start, to };
}

const partnerIndex = (vertex: number, n: number) => (vertex >= n ? vertex - n : vertex);
