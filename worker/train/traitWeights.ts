/** A position's legal moves counted by their traits (board.ts, moveTraits), and the traits of the move played. */
export type TraitCounts = { legal: readonly number[]; played: number };

/**
 * The log-weights of each combination of traits (the first, a quiet move, 0) under which the moves played are
 * likeliest among their positions' legal moves, P(move) = e^w(traits) / Σ e^w over the legal moves, fit by iterative
 * scaling (each weight moved towards the log of how often its traits were played against how often the weights
 * expect them; half a step, to converge without overshooting); and the mean cost of a move played (traitCost) under the
 * weights and with every legal move alike.
 */
export function fitTraitWeights(positions: readonly TraitCounts[], rounds = 200): { weights: number[]; nats: number; evenNats: number } {
  const kinds = positions[0]?.legal.length ?? 0;
  const played = new Array<number>(kinds).fill(0);
  for (const position of positions) played[position.played]++;
  let weights = new Array<number>(kinds).fill(0);
  for (let round = 0; round < rounds; round++) {
    const expected = new Array<number>(kinds).fill(0);
    for (const { legal } of positions) {
      const total = legal.reduce((sum, count, kind) => sum + count * Math.exp(weights[kind]), 0);
      legal.forEach((count, kind) => (expected[kind] += (count * Math.exp(weights[kind])) / total));
    }
    // a half counted either side bounds the weight of a combination never played
    weights = weights.map((weight, kind) => weight + 0.5 * Math.log((played[kind] + 0.5) / (expected[kind] + 0.5)));
  }
  // a softmax is the same with every weight shifted alike: a quiet move's is 0; a combination no position had keeps 0
  const met = weights.map((_, kind) => positions.some((position) => position.legal[kind] > 0));
  weights = weights.map((weight, kind) => (met[kind] ? weight - weights[0] : 0));
  return { weights, nats: traitCost(positions, weights), evenNats: traitCost(positions) };
}

/** The mean cost (nats) of a move played among its position's legal moves under `weights` (by default every legal move alike). */
export function traitCost(positions: readonly TraitCounts[], weights?: readonly number[]): number {
  const weight = (kind: number) => weights?.[kind] ?? 0;
  const cost = ({ legal, played }: TraitCounts) => Math.log(legal.reduce((sum, count, kind) => sum + count * Math.exp(weight(kind)), 0)) - weight(played);
  return positions.reduce((sum, position) => sum + cost(position), 0) / Math.max(1, positions.length);
}
