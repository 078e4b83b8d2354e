/**
 * The order in which the Dutch system generates a bracket's candidates (C.04.3 Article 4): sets
 * of moved-down players, and S1/S2 splits by resident exchanges.
 */

/** Sets of MDPs tried at most in one bracket. */
const MDP_SETS_LIMIT = 5_000;

/** S1 choices of MDPs (4.4): the sets of M1 MDPs in the order of their smallest differing BSN. */
export function* mdpSets<T>(mdps: T[], m1: number): Generator<T[]> {
  let count = 0;
  for (const indexes of combinationsInOrder(mdps.length, m1)) {
    yield indexes.map((i) => mdps[i]);
    if (++count >= MDP_SETS_LIMIT) return;
  }
}

/** The k-subsets of 0..n-1 in lexicographic order. */
export function* combinationsInOrder(n: number, k: number): Generator<number[]> {
  const indexes = Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (;;) {
    yield indexes.slice();
    let i = k - 1;
    while (i >= 0 && indexes[i] === n - k + i) i--;
    if (i < 0) return;
    indexes[i]++;
    for (let j = i + 1; j < k; j++) indexes[j] = indexes[j - 1] + 1;
  }
}

/**
 * S1/S2 splits of a homogeneous bracket or remainder: S1 = the first `pairs` players, then the
 * exchanges of one player (and, for small groups, two players) ordered as in the handbook:
 * smallest difference of the exchanged bracket sequence numbers, highest BSN leaving S1,
 * lowest BSN leaving S2.
 */
export function* homogeneousSplits<T>(players: T[], pairs: number): Generator<{ s1: T[]; s2: T[] }> {
  if (pairs <= 0) {
    yield { s1: [], s2: players };
    return;
  }
  const n = players.length;
  const split = (s1Indexes: number[]) => {
    const inS1 = new Set(s1Indexes);
    return { s1: s1Indexes.map((i) => players[i]), s2: players.filter((_, i) => !inS1.has(i)) };
  };
  const base = Array.from({ length: pairs }, (_, i) => i);
  yield split(base);
  const maxSize = n <= 24 ? Math.min(2, pairs, n - pairs) : Math.min(1, n - pairs);
  for (let size = 1; size <= maxSize; size++) {
    const outs = [...combinationsInOrder(pairs, size)];
    const ins = [...combinationsInOrder(n - pairs, size)].map((into) => into.map((i) => pairs + i));
    const exchanges: { out: number[]; in: number[]; difference: number }[] = [];
    for (const out of outs) for (const into of ins) exchanges.push({ out, in: into, difference: sum(into) - sum(out) });
    exchanges.sort(
      (a, b) => a.difference - b.difference || compareDescending(b.out, a.out) || compareAscending(a.in, b.in),
    );
    for (const exchange of exchanges) {
      const s1 = base.filter((i) => !exchange.out.includes(i)).concat(exchange.in).sort((a, b) => a - b);
      yield split(s1);
    }
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function compareDescending(a: number[], b: number[]): number {
  const x = [...a].sort((p, q) => q - p);
  const y = [...b].sort((p, q) => q - p);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

function compareAscending(a: number[], b: number[]): number {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}
