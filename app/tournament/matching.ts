type Lists = readonly (readonly number[])[];

/**
 * Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm, O(V³)),
 * started from a given matching (each vertex's mate or -1) extended greedily. Used for the pairing
 * criteria that ask whether (and how many) players can still be paired. A vertex's neighbours are
 * `neighbours[v]` and, where given, `more[v]` (a graph shared by many calls, with what each call adds).
 */
export function maximumMatching(n: number, neighbours: Lists, initial?: Int32Array, more?: Lists): Int32Array {
  const match = initial ? Int32Array.from(initial) : new Int32Array(n).fill(-1);
  const lists = more ? [neighbours, more] : [neighbours];
  for (let v = 0; v < n; v++) {
    if (match[v] !== -1) continue;
    free: for (const list of lists) {
      for (const u of list[v]) {
        if (match[u] !== -1) continue;
        match[v] = u;
        match[u] = v;
        break free;
      }
    }
  }
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const used = new Uint8Array(n);
  const blossom = new Uint8Array(n);
  const queue = new Int32Array(n);

  const lca = (a0: number, b0: number) => {
    const seen = new Uint8Array(n);
    let a = a0;
    for (;;) {
      a = base[a];
      seen[a] = 1;
      if (match[a] === -1) break;
      a = parent[match[a]];
    }
    let b = b0;
    for (;;) {
      b = base[b];
      if (seen[b]) return b;
      b = parent[match[b]];
    }
  };
  const markPath = (v0: number, b: number, child0: number) => {
    let v = v0;
    let child = child0;
    while (base[v] !== b) {
      blossom[base[v]] = 1;
      blossom[base[match[v]]] = 1;
      parent[v] = child;
      child = match[v];
      v = parent[match[v]];
    }
  };
  const findPath = (root: number): number => {
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < n; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++];
      for (const list of lists) for (const to of list[v]) {
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]] !== -1)) {
          const current = lca(v, to);
          blossom.fill(0);
          markPath(v, current, to);
          markPath(to, current, v);
          for (let i = 0; i < n; i++) {
            if (blossom[base[i]]) {
              base[i] = current;
              if (!used[i]) {
                used[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          used[match[to]] = 1;
          queue[tail++] = match[to];
        }
      }
    }
    return -1;
  };
  for (let v = 0; v < n; v++) {
    if (match[v] !== -1) continue;
    let u = findPath(v);
    while (u !== -1) {
      const pv = parent[u];
      const next = match[pv];
      match[u] = pv;
      match[pv] = u;
      u = next;
    }
  }
  return match;
}

export function matchingSize(match: Int32Array): number {
  let size = 0;
  for (let i = 0; i < match.length; i++) if (match[i] > i) size++;
  return size;
}
