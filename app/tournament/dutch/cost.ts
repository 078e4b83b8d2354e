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
    this.zero = new Array<number>(this.size).fill(0);
  }
  /** the Cost of nothing, to copy (a copy of a packed array is much faster to make than a new array filled) */
  private readonly zero: readonly number[];
  empty(): Cost {
    return this.zero.slice();
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
 * How the value of a matching packs into one number that compares as the vectors do: each entry
 * gets as many bits as its largest total, a matching holding at most `counts[g]` costs of group g
 * (its pairs, one vertex's cost, the pairs of MDPs…), whose entries are at most `largest[g]`.
 */
export class Packing {
  readonly bits: number;
  private readonly used: number[] = [];
  private readonly shifts: number[] = [];
  constructor(size: number, largest: ArrayLike<number>[], counts: number[]) {
    let bits = 0;
    for (let c = size - 1; c >= 0; c--) {
      let most = 0;
      for (let g = 0; g < largest.length; g++) most += counts[g] * largest[g][c];
      if (most === 0) continue;
      this.used.push(c);
      this.shifts.push(bits);
      bits += Math.ceil(Math.log2(most + 1));
    }
    this.bits = bits;
  }

  pack(cost: Cost): bigint {
    let packed = 0n;
    for (let u = 0; u < this.used.length; u++) {
      const value = cost[this.used[u]];
      if (value !== 0) packed += BigInt(value) << BigInt(this.shifts[u]);
    }
    return packed;
  }

  /** The same value as a plain number: exact while `bits` is at most 53. */
  packNumber(cost: Cost): number {
    let packed = 0;
    for (let u = 0; u < this.used.length; u++) {
      const value = cost[this.used[u]];
      if (value !== 0) packed += value * 2 ** this.shifts[u];
    }
    return packed;
  }
}

/** The packing of costs in groups, each holding at most `count` of its costs in one matching. */
export function packCosts(groups: { costs: Cost[]; count: number }[]): Packing {
  const size = groups.find((g) => g.costs.length > 0)?.costs[0].length ?? 0;
  return new Packing(
    size,
    groups.map((group) => largestEntries(group.costs, size)),
    groups.map((group) => group.count),
  );
}

/**
 * Costs numbered as they come, each distinct one once (by identity: equal costs are given as one
 * array), with the groups it comes in; packed into plain numbers once all are in.
 */
export class CostNumbers {
  private readonly distinct: Cost[] = [];
  private readonly groups: number[] = [];
  private readonly numbers = new Map<Cost, number>();
  private last: Cost | null = null;
  private lastGroup = -1;
  private lastNumber = -1;

  /** The cost's number (-1 for none), noted as one of group `group` (0–30). */
  numberOf(cost: Cost | null, group: number): number {
    if (!cost) return -1;
    if (cost === this.last && group === this.lastGroup) return this.lastNumber;
    let number = this.numbers.get(cost);
    if (number === undefined) {
      number = this.distinct.push(cost) - 1;
      this.groups.push(0);
      this.numbers.set(cost, number);
    }
    this.groups[number] |= 1 << group;
    this.last = cost;
    this.lastGroup = group;
    this.lastNumber = number;
    return number;
  }

  /**
   * Every cost packed (by number) for matchings holding at most `counts[g]` costs of group g, or
   * null when that needs more than `maxBits` bits (at most 53: plain numbers add them exactly).
   */
  packed(size: number, counts: number[], maxBits: number): Float64Array | null {
    const largest = counts.map((_, group) => largestEntries(this.distinct.filter((_, number) => this.groups[number] & (1 << group)), size));
    const packing = new Packing(size, largest, counts);
    if (packing.bits > maxBits) return null;
    return Float64Array.from(this.distinct, (cost) => packing.packNumber(cost));
  }
}

/** Each entry's largest value among these costs (at least 0). */
function largestEntries(costs: Cost[], size: number): number[] {
  const most: number[] = new Array(size).fill(0);
  for (const cost of costs) for (let c = 0; c < size; c++) if (cost[c] > most[c]) most[c] = cost[c];
  return most;
}

/** Numbers compared level by level: each level's sum over the pairs stays below its range. */
export function lexicographic(levels: bigint[], ranges: bigint[]): bigint {
  return levels.reduce((value, level, k) => value * ranges[k] + level, 0n);
}
