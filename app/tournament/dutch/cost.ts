/** The value of a Dutch-system candidate: its criteria, entry by entry, compared in order. */

/**
 * A candidate's value, compared lexicographically (lower is better). Score levels are half
 * points from the bracket's highest score down. Every part only grows as pairs and floaters are
 * added, so partial values bound the search.
 */
export type Cost = number[];

/**
 * Where each criterion stands in a bracket's Cost: C7, the score part of C8 and C18–C21 take
 * one entry per score level (half points from the bracket's highest score down).
 */
export class Layout {
  readonly size: number;
  constructor(
    private readonly maxScore: number,
    private readonly levels: number,
  ) {
    this.size = 6 * levels + 10;
  }
  private level(score: number): number {
    return Math.round((this.maxScore - score) * 2);
  }
  /** C7: downfloaters with this score */
  c7(score: number): number {
    return this.level(score);
  }
  /** C8: pairs the next bracket falls short of */
  get c8(): number {
    return this.levels;
  }
  /** C8, then: downfloaters with this score left unpaired in the next bracket */
  c8Unpaired(score: number): number {
    return this.levels + 1 + this.level(score);
  }
  get c9(): number {
    return 2 * this.levels + 1;
  }
  /** C10–C13 from here */
  get colours(): number {
    return 2 * this.levels + 2;
  }
  floats(criterion: 14 | 15 | 16 | 17): number {
    return 2 * this.levels + 6 + (criterion - 14);
  }
  /** C18–C21: per score level */
  floatScores(criterion: 18 | 19 | 20 | 21, score: number): number {
    return this.levels * (criterion - 16) + 10 + this.level(score);
  }
  /** The criterion an entry of a Cost stands for ("C7" … "C21"). */
  criterionAt(index: number): string {
    if (index < this.c8) return "C7";
    if (index < this.c9) return "C8";
    if (index === this.c9) return "C9";
    if (index < this.floats(14)) return `C${10 + index - this.colours}`;
    if (index < this.floats(17) + 1) return `C${14 + index - this.floats(14)}`;
    return `C${18 + Math.floor((index - 2 * this.levels - 10) / this.levels)}`;
  }
}

export function add(a: Cost, b: Cost): Cost {
  return a.map((value, i) => value + b[i]);
}

export function compare(a: Cost, b: Cost): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Packs the value of a matching into big integers that compare as the vectors do: each entry gets
 * as many bits as its largest total, a matching holding at most `count` costs of each group (its
 * pairs, one vertex's cost, the pairs of MDPs…).
 */
export function packCosts(groups: { costs: Cost[]; count: number }[]): { bits: number; pack: (cost: Cost) => bigint } {
  const size = groups.find((g) => g.costs.length > 0)?.costs[0].length ?? 0;
  const shifts: bigint[] = new Array(size).fill(0n);
  const used: number[] = [];
  let bits = 0;
  for (let c = size - 1; c >= 0; c--) {
    const most = groups.reduce((sum, group) => sum + group.count * largest(group.costs, c), 0);
    if (most === 0) continue;
    shifts[c] = BigInt(bits);
    used.push(c);
    bits += Math.ceil(Math.log2(most + 1));
  }
  const pack = (cost: Cost) => {
    let packed = 0n;
    for (const c of used) if (cost[c] !== 0) packed += BigInt(cost[c]) << shifts[c];
    return packed;
  };
  return { bits, pack };
}

/** The largest entry c of these costs (at least 0); a loop, as there may be too many to spread into arguments. */
function largest(costs: Cost[], c: number): number {
  let most = 0;
  for (const cost of costs) if (cost[c] > most) most = cost[c];
  return most;
}

/** Numbers compared level by level: each level's sum over the pairs stays below its range. */
export function lexicographic(levels: bigint[], ranges: bigint[]): bigint {
  return levels.reduce((value, level, k) => value * ranges[k] + level, 0n);
}
