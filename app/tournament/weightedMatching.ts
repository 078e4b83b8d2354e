/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
 * in Galil's O(V³) form). With `maxCardinality`, the heaviest of the matchings with the most
 * edges. Weights are big integers, so that many criteria can be packed into one weight exactly.
 * Returns each vertex's mate, or -1.
 */
export type WeightedEdge = [number, number, bigint];

export function maximumWeightMatching(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality = false): Int32Array {
  const n = vertexCount;
  const mateOut = new Int32Array(n).fill(-1);
  if (edges.length === 0 || n === 0) return mateOut;
  // Doubled weights keep every dual variable an integer.
  const weight = edges.map((e) => 2n * e[2]);
  const maxWeight = weight.reduce((m, w) => (w > m ? w : m), 0n);
  const endpoint: number[] = [];
  for (const [i, j] of edges) endpoint.push(i, j);
  const neighbourEnds: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([i, j], k) => {
    neighbourEnds[i].push(2 * k + 1);
    neighbourEnds[j].push(2 * k);
  });
  const mate = new Array<number>(n).fill(-1);
  const label = new Array<number>(2 * n).fill(0);
  const labelEnd = new Array<number>(2 * n).fill(-1);
  const inBlossom = Array.from({ length: n }, (_, i) => i);
  const blossomParent = new Array<number>(2 * n).fill(-1);
  const blossomChildren: number[][] = Array.from({ length: 2 * n }, () => []);
  const blossomBase = Array.from({ length: 2 * n }, (_, i) => (i < n ? i : -1));
  const blossomEnds: number[][] = Array.from({ length: 2 * n }, () => []);
  const bestEdge = new Array<number>(2 * n).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedBlossoms = Array.from({ length: n }, (_, i) => n + i);
  const dual = [...new Array<bigint>(n).fill(maxWeight), ...new Array<bigint>(n).fill(0n)];
  const allowEdge = new Array<boolean>(edges.length).fill(false);
  let queue: number[] = [];

  const slack = (k: number) => dual[edges[k][0]] + dual[edges[k][1]] - weight[k];

  const leaves = (b: number): number[] => {
    if (b < n) return [b];
    const out: number[] = [];
    for (const t of blossomChildren[b]) out.push(...leaves(t));
    return out;
  };

  const assignLabel = (w: number, t: number, p: number) => {
    const b = inBlossom[w];
    label[w] = label[b] = t;
    labelEnd[w] = labelEnd[b] = p;
    bestEdge[w] = bestEdge[b] = -1;
    if (t === 1) {
      queue.push(...leaves(b));
    } else {
      const base = blossomBase[b];
      assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1);
    }
  };

  /** Traces back from v and w to find a new blossom's base, or -1 for an augmenting path. */
  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inBlossom[v];
      if (label[b] & 4) {
        base = blossomBase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelEnd[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelEnd[b]];
        b = inBlossom[v];
        v = endpoint[labelEnd[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number) => {
    let [v, w] = edges[k];
    const bb = inBlossom[base];
    let bv = inBlossom[v];
    let bw = inBlossom[w];
    const b = unusedBlossoms.pop()!;
    blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    blossomChildren[b] = path;
    blossomEnds[b] = ends;
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      ends.push(labelEnd[bv]);
      v = endpoint[labelEnd[bv]];
      bv = inBlossom[v];
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      ends.push(labelEnd[bw] ^ 1);
      w = endpoint[labelEnd[bw]];
      bw = inBlossom[w];
    }
    label[b] = 1;
    labelEnd[b] = labelEnd[bb];
    dual[b] = 0n;
    for (const leaf of leaves(b)) {
      if (label[inBlossom[leaf]] === 2) queue.push(leaf);
      inBlossom[leaf] = b;
    }
    const bestTo = new Array<number>(2 * n).fill(-1);
    for (const child of path) {
      let lists: number[][];
      if (blossomBestEdges[child] === null) {
        lists = leaves(child).map((leaf) => neighbourEnds[leaf].map((p) => p >> 1));
      } else {
        lists = [blossomBestEdges[child]!];
      }
      for (const list of lists) {
        for (const e of list) {
          let [i, j] = edges[e];
          if (inBlossom[j] === b) [i, j] = [j, i];
          const bj = inBlossom[j];
          if (bj !== b && label[bj] === 1 && (bestTo[bj] === -1 || slack(e) < slack(bestTo[bj]))) bestTo[bj] = e;
        }
      }
      blossomBestEdges[child] = null;
      bestEdge[child] = -1;
    }
    blossomBestEdges[b] = bestTo.filter((e) => e !== -1);
    bestEdge[b] = -1;
    for (const e of blossomBestEdges[b]!) if (bestEdge[b] === -1 || slack(e) < slack(bestEdge[b])) bestEdge[b] = e;
  };

  const expandBlossom = (b: number, endStage: boolean) => {
    for (const s of blossomChildren[b]) {
      blossomParent[s] = -1;
      if (s < n) inBlossom[s] = s;
      else if (endStage && dual[s] === 0n) expandBlossom(s, endStage);
      else for (const leaf of leaves(s)) inBlossom[leaf] = s;
    }
    if (!endStage && label[b] === 2) {
      const entryChild = inBlossom[endpoint[labelEnd[b] ^ 1]];
      const children = blossomChildren[b];
      const ends = blossomEnds[b];
      const walk = cycleWalk(children.length, children.indexOf(entryChild));
      const { step, endTrick } = walk;
      let j = walk.j;
      let p = labelEnd[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(ends, j - endTrick) ^ endTrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowEdge[at(ends, j - endTrick) >> 1] = true;
        j += step;
        p = at(ends, j - endTrick) ^ endTrick;
        allowEdge[p >> 1] = true;
        j += step;
      }
      let bv = at(children, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelEnd[endpoint[p ^ 1]] = labelEnd[bv] = p;
      bestEdge[bv] = -1;
      j += step;
      while (at(children, j) !== entryChild) {
        bv = at(children, j);
        if (label[bv] === 1) {
          j += step;
          continue;
        }
        let found = -1;
        for (const leaf of leaves(bv)) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[mate[blossomBase[bv]]]] = 0;
          assignLabel(found, 2, labelEnd[found]);
        }
        j += step;
      }
    }
    label[b] = labelEnd[b] = -1;
    blossomChildren[b] = [];
    blossomEnds[b] = [];
    blossomBase[b] = -1;
    blossomBestEdges[b] = null;
    bestEdge[b] = -1;
    unusedBlossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number) => {
    let t = v;
    while (blossomParent[t] !== b) t = blossomParent[t];
    if (t >= n) augmentBlossom(t, v);
    const children = blossomChildren[b];
    const ends = blossomEnds[b];
    const i = children.indexOf(t);
    const walk = cycleWalk(children.length, i);
    const { step, endTrick } = walk;
    let j = walk.j;
    while (j !== 0) {
      j += step;
      t = at(children, j);
      const p = at(ends, j - endTrick) ^ endTrick;
      if (t >= n) augmentBlossom(t, endpoint[p]);
      j += step;
      t = at(children, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    const rotate = <T>(list: T[]) => [...list.slice(i), ...list.slice(0, i)];
    blossomChildren[b] = rotate(children);
    blossomEnds[b] = rotate(ends);
    blossomBase[b] = blossomBase[blossomChildren[b][0]];
  };

  const augmentMatching = (k: number) => {
    const [v0, w0] = edges[k];
    for (const [start, p0] of [
      [v0, 2 * k + 1],
      [w0, 2 * k],
    ]) {
      let s = start;
      let p = p0;
      for (;;) {
        const bs = inBlossom[s];
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = endpoint[labelEnd[bs]];
        const bt = inBlossom[t];
        s = endpoint[labelEnd[bt]];
        const j = endpoint[labelEnd[bt] ^ 1];
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelEnd[bt];
        p = labelEnd[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossomBestEdges[b] = null;
    allowEdge.fill(false);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inBlossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbourEnds[v]) {
          const k = p >> 1;
          const w = endpoint[p];
          if (inBlossom[v] === inBlossom[w]) continue;
          let kslack = 0n;
          if (!allowEdge[k]) {
            kslack = slack(k);
            if (kslack <= 0n) allowEdge[k] = true;
          }
          if (allowEdge[k]) {
            if (label[inBlossom[w]] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inBlossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelEnd[w] = p ^ 1;
            }
          } else if (label[inBlossom[w]] === 1) {
            const b = inBlossom[v];
            if (bestEdge[b] === -1 || kslack < slack(bestEdge[b])) bestEdge[b] = k;
          } else if (label[w] === 0) {
            if (bestEdge[w] === -1 || kslack < slack(bestEdge[w])) bestEdge[w] = k;
          }
        }
      }
      if (augmented) break;
      let deltaType = -1;
      let delta = 0n;
      let deltaEdge = -1;
      let deltaBlossom = -1;
      if (!maxCardinality) {
        deltaType = 1;
        delta = minimum(dual.slice(0, n));
      }
      for (let v = 0; v < n; v++) {
        if (label[inBlossom[v]] === 0 && bestEdge[v] !== -1) {
          const d = slack(bestEdge[v]);
          if (deltaType === -1 || d < delta) [delta, deltaType, deltaEdge] = [d, 2, bestEdge[v]];
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (blossomParent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
          const d = slack(bestEdge[b]) / 2n;
          if (deltaType === -1 || d < delta) [delta, deltaType, deltaEdge] = [d, 3, bestEdge[b]];
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossomBase[b] >= 0 && blossomParent[b] === -1 && label[b] === 2 && (deltaType === -1 || dual[b] < delta)) {
          [delta, deltaType, deltaBlossom] = [dual[b], 4, b];
        }
      }
      if (deltaType === -1) {
        deltaType = 1;
        delta = minimum(dual.slice(0, n));
        if (delta < 0n) delta = 0n;
      }
      for (let v = 0; v < n; v++) {
        if (label[inBlossom[v]] === 1) dual[v] -= delta;
        else if (label[inBlossom[v]] === 2) dual[v] += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossomBase[b] >= 0 && blossomParent[b] === -1) {
          if (label[b] === 1) dual[b] += delta;
          else if (label[b] === 2) dual[b] -= delta;
        }
      }
      if (deltaType === 1) break;
      if (deltaType === 2) {
        allowEdge[deltaEdge] = true;
        let [i, j] = edges[deltaEdge];
        if (label[inBlossom[i]] === 0) [i, j] = [j, i];
        queue.push(i);
      } else if (deltaType === 3) {
        allowEdge[deltaEdge] = true;
        queue.push(edges[deltaEdge][0]);
      } else {
        expandBlossom(deltaBlossom, false);
      }
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && blossomBase[b] >= 0 && label[b] === 1 && dual[b] === 0n) expandBlossom(b, true);
    }
  }
  for (let v = 0; v < n; v++) if (mate[v] >= 0) mateOut[v] = endpoint[mate[v]];
  return mateOut;
}

const minimum = (values: bigint[]) => values.reduce((m, v) => (v < m ? v : m));

/**
 * A walk round a blossom's cycle from the child at `index` back to its base, the way of even
 * length: where it starts, its direction, and which end of each edge it meets first.
 */
function cycleWalk(length: number, index: number): { j: number; step: number; endTrick: number } {
  return index & 1 ? { j: index - length, step: 1, endTrick: 0 } : { j: index, step: -1, endTrick: 1 };
}

/** The list's entry at an index taken round the cycle (negative indexes count from the end). */
const at = <T>(list: T[], index: number): T => list[((index % list.length) + list.length) % list.length];
