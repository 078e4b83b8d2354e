import type { Colour } from "../types";
import { maximumWeightMatching, type WeightedEdge } from "../weightedMatching";
import { pairByAssignment } from "./assignment";
import { add, compare, lexicographic, packCosts, type Cost, type Layout } from "./cost";
import { nextBracketAlone, nextBracketWithin, type RestOfRound } from "./graph";
import { combinationsInOrder, homogeneousSplits, mdpSets } from "./order";
import { byRank, COLOUR_COSTS, compatible, keyOfSet, type BracketResult, type Context, type State } from "./players";

/** Brackets (without their downfloaters) small enough for a weighted matching per set of downfloaters, and how many such matchings at most. */
const SMALL_BRACKET = 24;
const SMALL_BRACKET_MATCHINGS = 500;

const binomial = (n: number, k: number) => {
  let value = 1;
  for (let i = 0; i < k; i++) value = (value * (n - i)) / (i + 1);
  return value;
};

function compareSequences(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** A candidate of a bracket with several downfloaters, and what orders it among the others. */
type Decided = { cost: Cost; sequence: number[]; exchange: bigint; result: BracketResult };

/**
 * The exchange of a remainder of n players (4.3), from the places of the players who lead its
 * pairs (its S1 after the exchange; the first `half` places are S1 before it), as one number: the
 * higher, the earlier. Fewest players exchanged, the smallest difference of the BSN sums, S1's
 * players exchanged from the bottom, S2's from the top.
 */
function exchangeOrder(leaders: number[], half: number, n: number): bigint {
  const ranges = exchangeRanges(half, n);
  return leaders.reduce(
    (sum, i) =>
      sum +
      lexicographic(
        [i < half ? 1n : 0n, BigInt(n - i), i < half ? (1n << BigInt(half)) - (1n << BigInt(i)) : 1n << BigInt(half), i >= half ? 1n << BigInt(n - 1 - i) : 0n],
        ranges,
      ),
    0n,
  );
}

const exchangeRanges = (half: number, n: number) => [BigInt(half + 1), BigInt(half * n + 1), BigInt(half + 1) << BigInt(half), 1n << BigInt(n)];
const exchangeRange = (half: number, n: number) => exchangeRanges(half, n).reduce((a, b) => a * b);

/** An order of generation for a matching: each pair's part (null: not to be made) and the range of their sum. */
type MatchOrder = { order: (i: number, j: number) => bigint | null; range: bigint };

/** The MDPs' opponents (3.7) over the players [...MDPs, ...residents]: the first MDP's by rank first, then the next's. */
function mdpOpponentOrder(mdps: number, players: number): MatchOrder {
  const base = BigInt(players - mdps + 1);
  return { order: (i, j) => (j < mdps ? null : i >= mdps ? 0n : BigInt(players - j) * base ** BigInt(mdps - 1 - i)), range: base ** BigInt(mdps) };
}

/** The transposition (4.2) over [...leaders, ...others]: each leader's opponent by rank, the first leader's first. */
function transpositionOrder(leaders: number, others: number): MatchOrder {
  const base = BigInt(others + 1);
  return { order: (i, j) => (i < leaders && j >= leaders ? BigInt(others - (j - leaders)) * base ** BigInt(leaders - 1 - i) : null), range: base ** BigInt(leaders) };
}

/** Steps of the ordered search in a bracket the matching cannot decide. */
const SEARCH_LIMIT = 30_000;
/** S1 × S2 sizes beyond which the search skips its bounds. */
const LARGE_BOUND = 20_000;
/** Brackets beyond this many players are taken to pair completely (C6: a number of pairs without candidates falls to the next). */
export const LARGE_BRACKET = 200;

/**
 * One bracket, for a number of pairs and of MDPs to pair: the candidates in the handbook's order,
 * the first with the best value chosen.
 */
export class BracketSearch {
  private best: { cost: Cost; result: BracketResult } | null = null;
  private nodes = 0;
  /** the costs of single pairs, by their key (see pairCost) */
  private readonly pairCosts = new Map<number, Cost>();
  /** the best value any candidate could have: the search stops as soon as it reaches it */
  private readonly ideal: Cost;
  get bestPossible(): Cost {
    return this.ideal;
  }
  private readonly isLast: boolean;
  private readonly residentScore: number;

  constructor(
    private readonly context: Context,
    readonly layout: Layout,
    readonly mdps: State[],
    readonly residents: State[],
    /** the players of the brackets below this one (C4 asked of them) */
    private readonly below: RestOfRound,
    private readonly next: State[] | null,
    private readonly target: number,
    private readonly m1: number,
    private readonly nextBrackets: Map<string, { shortfall: number; unpaired: State[] }>,
    /** the first m1 MDPs are the ones to pair (one choice of S1's MDPs, see solveByMdpChoices) */
    private readonly mdpsChosen = false,
  ) {
    this.isLast = next === null;
    this.residentScore = residents[0].score;
    this.ideal = this.lowerBound();
  }

  /** How many residents every candidate floats: those left by the MDP pairs and the remainder's pairs. */
  private get residentFloaters(): number {
    return this.residents.length - this.m1 - 2 * (this.target - this.m1);
  }

  run(): BracketResult | null {
    const first = this.firstCandidate();
    if (first) return first;
    const decided = this.mdpsDecided() ? this.solveChosen() : this.solveByMdpChoices();
    if (decided === "none") return null;
    if (decided) return decided;
    this.greedy();
    for (const s1 of mdpSets(this.mdps, this.m1)) {
      const limbo = this.mdps.filter((p) => !s1.includes(p));
      this.pairMdps(s1, 0, [], new Set(), this.startCost(limbo), limbo);
      if (this.done()) break;
    }
    // The search tries exchanges of one or two players only: unless it reached the best possible value, the matching decides.
    if (this.solvableByMatching() && !(this.best && compare(this.best.cost, this.ideal) <= 0)) {
      const solved = this.solveByMatching();
      if (solved) return solved;
    }
    return this.best?.result ?? this.fallback?.result ?? null;
  }

  /**
   * The first candidate of the handbook's order (each MDP of the first set, then each S1 player of
   * the remainder, meets the first S2 player still free he may meet), when no candidate can be
   * better: then it is the one chosen, as the ordered search would find. Round 1 and most large
   * brackets of early rounds end here.
   */
  private firstCandidate(): BracketResult | null {
    const s1 = this.mdps.slice(0, this.m1);
    const limbo = this.mdps.slice(this.m1);
    const used = new Set<State>();
    const pairs: [State, State][] = [];
    let cost = this.startCost(limbo);
    const take = (leaders: State[], partners: State[]) =>
      leaders.every((leader) => {
        const partner = partners.find((p) => !used.has(p) && compatible(leader, p));
        if (!partner) return false;
        used.add(partner);
        pairs.push([leader, partner]);
        cost = this.addPair(cost, leader, partner);
        return true;
      });
    if (!take(s1, this.residents)) return null;
    const remainder = this.residents.filter((p) => !used.has(p));
    const half = this.target - this.m1;
    if (!take(remainder.slice(0, half), remainder.slice(half))) return null;
    const floaters = [...limbo, ...remainder.slice(half).filter((p) => !used.has(p))];
    if (compare(cost, this.ideal) > 0 || !this.completes(floaters)) return null;
    const total = this.withFloaters(cost, floaters);
    return compare(total, this.ideal) <= 0 ? { pairs, floaters: floaters.sort(byRank) } : null;
  }

  /**
   * The value of any candidate of this bracket (for explaining a choice): the pair that breaks an
   * absolute criterion, C4 when the rest could not be paired, else its value.
   */
  evaluate(pairs: [State, State][], floaters: State[]): { cost: Cost } | { incompatible: [State, State] } | { incomplete: true } {
    const broken = pairs.find(([x, y]) => !compatible(x, y));
    if (broken) return { incompatible: broken };
    if (!this.completes(floaters)) return { incomplete: true };
    let cost = this.emptyCost();
    for (const floater of floaters) cost[this.layout.c7(floater.score)]++;
    for (const [x, y] of pairs) cost = this.addPair(cost, x, y);
    return { cost: this.withFloaters(cost, floaters) };
  }

  /** C7 of a candidate with this Limbo: fixed once the MDPs to pair are chosen. */
  private startCost(limbo: State[]): Cost {
    const cost = new Array<number>(this.layout.size).fill(0);
    for (const mdp of limbo) cost[this.layout.c7(mdp.score)]++;
    cost[this.layout.c7(this.residentScore)] += this.residentFloaters;
    return cost;
  }

  /**
   * A quick candidate (each S1 player takes its cheapest partner, in order) whose cost bounds
   * the ordered search from above. The ordered search still decides: it returns the first
   * candidate of the handbook's order with the best cost, unless its node budget runs out
   * before it finds one as good as this.
   */
  private greedy() {
    const used = new Set<State>();
    const pairs: [State, State][] = [];
    const limbo = this.mdps.slice(this.m1);
    let cost = this.startCost(limbo);
    const take = (s1: State[], s2: State[]) => {
      for (const player of s1) {
        let chosen: State | undefined;
        let chosenCost: Cost | undefined;
        for (const partner of s2) {
          if (used.has(partner) || !compatible(player, partner)) continue;
          const candidate = this.addPair(cost, player, partner);
          if (!chosenCost || compare(candidate, chosenCost) < 0) [chosen, chosenCost] = [partner, candidate];
          // A pair without any cost cannot be beaten.
          if (compare(candidate, cost) === 0) break;
        }
        if (!chosen || !chosenCost) return false;
        used.add(player);
        used.add(chosen);
        pairs.push([player, chosen]);
        cost = chosenCost;
      }
      return true;
    };
    if (!take(this.mdps.slice(0, this.m1), this.residents)) return;
    const remainder = this.residents.filter((p) => !used.has(p));
    const pairsLeft = this.target - this.m1;
    if (!take(remainder.slice(0, pairsLeft), remainder.slice(pairsLeft))) return;
    const floaters = [...limbo, ...remainder.filter((p) => !used.has(p))];
    const total = this.withFloaters(cost, floaters);
    if (this.completes(floaters)) {
      this.upper = total;
      this.fallback = { cost: total, result: { pairs, floaters: floaters.sort(byRank) } };
    }
  }

  private upper: Cost | null = null;
  private fallback: { cost: Cost; result: BracketResult } | null = null;

  /** Whether a partial cost (with the bound of what is still to come) can still lead to a chosen candidate. */
  private hopeless(bound: Cost): boolean {
    if (this.upper && compare(bound, this.upper) > 0) return true;
    return this.best !== null && compare(bound, this.best.cost) >= 0;
  }

  private done(): boolean {
    return this.outOfBudget() || (this.best !== null && compare(this.best.cost, this.ideal) <= 0);
  }

  /** The ordered search gives way to the matching (when it can decide the bracket) or to its node budget. */
  private outOfBudget(): boolean {
    return this.nodes > (this.solvableByMatching() ? this.context.matchingAfter - 1 : SEARCH_LIMIT);
  }

  /**
   * Whether a candidate's value is a sum over its pairs and over at most one resident
   * downfloater, with one set of MDPs to pair: then a weighted matching finds the candidate.
   */
  private solvableByMatching(): boolean {
    return this.mdpsDecided() && this.residentFloaters <= 1;
  }

  /** Whether the MDPs to pair are given: none, all, or one choice of them. */
  private mdpsDecided(): boolean {
    return this.m1 === 0 || this.m1 === this.mdps.length || this.mdpsChosen;
  }

  /**
   * The bracket with its MDPs to pair given, decided exactly: by the assignment (at most one
   * resident downfloats; where its proof fails, by the weighted matching for a choice of MDPs, or
   * else null: the ordered search tries first), or by the sets of downfloaters, the float vertices
   * or the matching with the players below, which finds a candidate whenever there is one. "none"
   * when it has no candidate.
   */
  private solveChosen(): BracketResult | "none" | null {
    if (this.residentFloaters > 1) return this.solveByFloaterSets() ?? this.solveByFloatVertices() ?? this.solveWithPlayersBelow() ?? "none";
    const assigned = this.solveByAssignment();
    if (assigned !== null || !this.mdpsChosen) return assigned;
    return this.solveByMatching() ?? "none";
  }

  /** The candidate the handbook's order reaches first among the best, as an assignment (see pairByAssignment), or null. */
  private solveByAssignment(): BracketResult | "none" | null {
    const s1 = this.mdps.slice(0, this.m1);
    const limbo = this.mdps.slice(this.m1);
    const oneFloater = this.residentFloaters === 1;
    const found = pairByAssignment({
      mdps: s1,
      residents: this.residents,
      pairs: this.target - this.m1,
      oneFloater,
      size: this.layout.size,
      pairCost: (x, y) => this.pairCost(x, y),
      floatCost: (resident) => (this.completes([...limbo, resident]) ? this.withFloaters(this.emptyCost(), [...limbo, resident]) : null),
    });
    if (found === "none" || (!oneFloater && !this.completes(limbo))) return "none";
    if (!found) return null;
    const floaters = found.floater ? [...limbo, found.floater] : limbo;
    return found.pairs.length === this.target && this.completes(floaters) ? { pairs: found.pairs, floaters: floaters.sort(byRank) } : null;
  }

  /**
   * Several residents downfloat: every set of them that lets the round be completed, the rest
   * decided as an assignment (see pairByAssignment) or, where its proof fails or its candidate
   * has exchanges, by the weighted matching of the bracket with these downfloaters left out
   * (sets taken by their least possible value, while it can still match the best found). Each
   * gives the first of its best candidates in the handbook's order; across the sets: the best
   * value, then the MDPs' opponents, then the exchange (4.3), then each leader's opponent by rank.
   * "none" when no set has a candidate; null when a set is left undecided.
   */
  private solveByFloaterSets(): BracketResult | "none" | null {
    const f = this.residentFloaters;
    const n = this.residents.length;
    if (binomial(n, f) * n * n > this.context.floaterSetsWork) return null;
    const s1 = this.mdps.slice(0, this.m1);
    const limbo = this.mdps.slice(this.m1);
    const pairs = this.target - this.m1;
    const index = new Map(this.residents.map((r, i) => [r, i]));
    const exchangeFree = exchangeOrder(Array.from({ length: pairs }, (_, i) => i), pairs, n - s1.length);
    const decided: Decided[] = [];
    const deferred: { chosen: State[]; floaters: State[]; bound: Cost }[] = [];
    for (const chosen of combinationsInOrder(n, f)) {
      const floaters = [...limbo, ...chosen.map((i) => this.residents[i])];
      if (!this.completes(floaters)) continue;
      const rest = this.residents.filter((_, i) => !chosen.includes(i));
      const found = pairByAssignment({ mdps: s1, residents: rest, pairs, oneFloater: false, size: this.layout.size, pairCost: (x, y) => this.pairCost(x, y), floatCost: () => null });
      if (found === "none") continue;
      const set = found && this.decided(found.pairs, floaters, index);
      if (set && set.exchange === exchangeFree) decided.push(set);
      else deferred.push({ chosen: chosen.map((i) => this.residents[i]), floaters, bound: this.withFloaters(this.ideal, floaters) });
    }
    // the others by matching, the most promising first, as long as they could be as good as the best
    deferred.sort((a, b) => compare(a.bound, b.bound));
    let best = decided.reduce<Decided | null>((least, set) => (least && compare(least.cost, set.cost) <= 0 ? least : set), null);
    let matchings = 0;
    for (const { chosen, floaters, bound } of deferred) {
      if (best && compare(bound, best.cost) > 0) break;
      if (s1.length + n - f > SMALL_BRACKET || matchings++ >= SMALL_BRACKET_MATCHINGS) return null;
      const found = this.solveByMatching(chosen);
      if (!found) continue;
      const set = this.decided(found.pairs, floaters, index);
      decided.push(set);
      if (!best || compare(set.cost, best.cost) < 0) best = set;
    }
    const mdpPart = (set: Decided) => set.sequence.slice(0, s1.length);
    decided.sort((a, b) => compare(a.cost, b.cost) || compareSequences(mdpPart(a), mdpPart(b)) || (a.exchange > b.exchange ? -1 : a.exchange < b.exchange ? 1 : 0) || compareSequences(a.sequence, b.sequence));
    return decided[0]?.result ?? "none";
  }

  /** A candidate with these downfloaters, with what orders it among the others (see solveByFloaterSets). */
  private decided(pairs: [State, State][], floaters: State[], index: Map<State, number>): Decided {
    const s1 = this.mdps.slice(0, this.m1);
    let cost = this.startCost(this.mdps.slice(this.m1));
    for (const [x, y] of pairs) cost = this.addPair(cost, x, y);
    const partner = new Map(pairs.flatMap(([x, y]) => [[x, y], [y, x]] as [State, State][]));
    // the remainder (downfloaters included); each of its pairs is led by its higher-ranked player
    const remainder = this.residents.filter((r) => !s1.some((m) => partner.get(m) === r));
    const leaders = remainder.flatMap((r, i) => (partner.has(r) && remainder.indexOf(partner.get(r)!) > i ? [i] : []));
    return {
      cost: this.withFloaters(cost, floaters),
      sequence: [...s1, ...leaders.map((i) => remainder[i])].map((p) => index.get(partner.get(p)!)!),
      exchange: exchangeOrder(leaders, this.target - this.m1, remainder.length),
      result: { pairs, floaters: floaters.sort(byRank) },
    };
  }

  /**
   * The candidate the handbook's order reaches first among the best, found by maximum-weight
   * matchings whose weights put the criteria first and the order of generation after them:
   * (1) the MDPs' opponents (S2 transpositions, 3.7), (2) the remainder's exchange (4.3: fewest
   * players exchanged, smallest BSN difference, highest BSNs out of S1, lowest into it), where a
   * pair's higher-ranked player stands in S1, (3) the remainder's transposition (4.2).
   */
  private solveByMatching(downfloaters: State[] = []): BracketResult | null {
    const s1 = this.mdps.slice(0, this.m1);
    const limbo = this.mdps.slice(this.m1);
    const oneFloater = downfloaters.length === 0 && this.residentFloaters === 1;
    const left = (player: State) => !downfloaters.includes(player);
    const floatCosts = new Map<State, Cost>();
    const floating = (player: State) => {
      let cost = floatCosts.get(player);
      if (!cost) {
        cost = oneFloater && !s1.includes(player) ? this.withFloaters(this.emptyCost(), [...limbo, player]) : this.emptyCost();
        floatCosts.set(player, cost);
      }
      return cost;
    };
    // C4: a resident who cannot be the downfloater (the rest could not be completed) must be paired.
    const mayFloat = new Set(oneFloater ? this.residents.filter((r) => this.completes([...limbo, r])) : []);
    const mustPair = (player: State) => !mayFloat.has(player);
    let remainder = this.residents;
    const pairs: [State, State][] = [];
    if (s1.length > 0) {
      const vertices = [...s1, ...this.residents.filter(left)];
      const { order, range } = mdpOpponentOrder(s1.length, vertices.length);
      const mate = this.bestMatching(vertices, floating, (p) => s1.includes(p) || mustPair(p), order, range);
      if (s1.some((_, i) => mate[i] === -1)) return null;
      s1.forEach((mdp, i) => pairs.push([mdp, vertices[mate[i]]]));
      remainder = this.residents.filter((r) => !pairs.some(([, partner]) => partner === r));
    }
    const half = this.target - this.m1;
    // the exchange (its place among the remainder's players, downfloaters left out included)
    const free = remainder.filter(left);
    const place = free.map((p) => remainder.indexOf(p));
    const split = this.bestMatching(free, floating, mustPair, (i) => exchangeOrder([place[i]], half, remainder.length), exchangeRange(half, remainder.length));
    const leaders = free.filter((_, i) => split[i] > i);
    const others = free.filter((p) => !leaders.includes(p));
    const transposition = transpositionOrder(leaders.length, others.length);
    const transposed = this.bestMatching([...leaders, ...others], floating, mustPair, transposition.order, transposition.range);
    leaders.forEach((leader, i) => {
      if (transposed[i] >= 0) pairs.push([leader, others[transposed[i] - leaders.length]]);
    });
    if (pairs.length !== this.target) return null;
    const floaters = [...limbo, ...this.residents.filter((r) => !pairs.some(([a, b]) => a === r || b === r))];
    return this.completes(floaters) ? { pairs, floaters: floaters.sort(byRank) } : null;
  }

  /**
   * Several residents downfloat, and the sets of them are too many to try: one weighted matching
   * with a float vertex per downfloater (each resident's C14–C21 if he floats) finds the best
   * candidate by its pairs and floats, then the handbook's first among them (pairWithFloaters).
   * Exact when that candidate completes the round and its C8 is the best any set of
   * downfloaters could have (none short, or bestNextBracket): no candidate can be better by C4–C8,
   * and none is better after. Null otherwise.
   */
  private solveByFloatVertices(): BracketResult | null {
    const found = this.pairWithFloaters((players, order, orderRange, mayFloat) => {
      const floatVertices = new Array<null>(this.residentFloaters).fill(null);
      const mate = this.bestMatching([...players, ...floatVertices], () => this.emptyCost(), () => true, order, orderRange, (player) => (mayFloat(player) ? this.addFloat(this.emptyCost(), player) : null));
      return players.some((_, i) => mate[i] < 0) ? null : mate.subarray(0, players.length).map((m) => (m < players.length ? m : -1));
    });
    if (!found || !this.completes(found.floaters)) return null;
    const next = this.nextBracket(found.floaters);
    if (next.shortfall === 0 && next.unpaired.length === 0) return found;
    const best = this.bestNextBracket();
    return best && next.shortfall === best.shortfall && this.compareUnpaired(next.unpaired, best.unpaired) === 0 ? found : null;
  }

  /**
   * The same with the players below in the matching (as bbpPairings pairs every bracket; as slow as
   * it where the rest of the round is large): a downfloater meets one of them, every player is
   * paired (C4), this bracket's pairs count first, then the next bracket's as nextBracketWithin
   * counts them (C8), then the criteria, then the order. Exact whenever it finds a candidate.
   */
  private solveWithPlayersBelow(): BracketResult | null {
    const limbo = this.mdps.slice(this.m1);
    const moving = limbo.length + this.residentFloaters;
    return this.pairWithFloaters((players, order, orderRange, mayFloat) => this.matchWithPlayersBelow(limbo, players, order, orderRange, mayFloat, limbo, moving));
  }

  /**
   * A choice of MDPs to pair (some of them float on), made by one matching with every player below,
   * over every number of MDPs to pair at once: the most pairs, then C7 (the scores of all who
   * float), C8, the criteria (C9 for a lone downfloater), then the most MDPs, then the earliest set
   * (4.4: the higher-ranked MDPs first, as bits). The bracket with that set is then decided as a
   * chosen one; "none" for the other numbers of MDPs to pair (the best is found at its own number).
   * Null only where the matching pairs more than the number of pairs asked.
   */
  private solveByMdpChoices(): BracketResult | "none" | null {
    const m = this.mdps.length;
    const players = [...this.mdps, ...this.residents];
    const c7 = players.map((player) => {
      const cost = this.emptyCost();
      cost[this.layout.c7(player.score)]++;
      return cost;
    });
    const packing = packCosts([{ costs: c7, count: players.length }]);
    const kept = (i: number) => packing.pack(c7[i]);
    const lone = players.length - 2 * this.target === 1;
    const mate = this.matchWithPlayersBelow(
      [],
      players,
      (i, j) => (j < m ? null : i < m ? (1n << BigInt(m)) + (1n << BigInt(m - 1 - i)) : 0n),
      BigInt(m + 1) << BigInt(m),
      () => true,
      this.mdps,
      players.length - 2 * this.target,
      { value: (i, j) => kept(i) + kept(j), range: 1n << BigInt(packing.bits) },
      lone ? (player) => (player.byeCandidate ? player.unplayed : 0) : undefined,
    );
    if (!mate) return "none";
    const chosen = this.mdps.filter((_, i) => mate[i] >= m);
    const pairs = players.filter((_, i) => mate[i] > i).length;
    if (pairs !== this.target) return pairs < this.target ? "none" : null;
    if (chosen.length !== this.m1) return "none";
    const choice = new BracketSearch(this.context, this.layout, [...chosen, ...this.mdps.filter((p) => !chosen.includes(p))], this.residents, this.below, this.next, this.target, this.m1, this.nextBrackets, true);
    return choice.firstCandidate() ?? choice.solveChosen();
  }

  /**
   * One matching of a bracket's `players` (or one stage of them) with every player below (`limbo`
   * first, then the lower score groups): a player whom `mayFloat` lets float meets one of them,
   * every player is paired (C4), the bracket's pairs count first (then their `bonus`, summing
   * below its range), then the next bracket's pairs as nextBracketWithin counts them (C8: a
   * downfloater, of `floaters`' scores, paired there is worth more the higher his score), then the
   * criteria (with `c9`, C9 of whoever floats), then `order`. `moving` players float in all. Each
   * player's partner among `players`, -1 for a downfloater; null when no such matching pairs everyone.
   */
  private matchWithPlayersBelow(
    limbo: State[],
    players: State[],
    order: (i: number, j: number) => bigint | null,
    orderRange: bigint,
    mayFloat: (player: State) => boolean,
    floaters: State[],
    moving: number,
    bonus?: { value: (i: number, j: number) => bigint; range: bigint },
    c9?: (player: State) => number,
  ): Int32Array | null {
    const nextCount = this.next?.length ?? 0;
    const below = [...limbo, ...this.below.players];
    const scores = [...new Set([...floaters, this.residents[0]].map((p) => p.score))].sort((a, b) => b - a);
    const base = BigInt(moving + 1);
    const floaterWeight = (player: State) => base ** BigInt(scores.length - 1 - scores.indexOf(player.score));
    const pair = base ** BigInt(scores.length);
    // the last bracket has no next one: C8 counts nothing there
    const byePair = this.next && (moving + nextCount) % 2 === 0 ? pair : 0n;
    const inNext = (b: number) => b < limbo.length + nextCount;
    const isLimbo = (b: number) => b < limbo.length;
    const n = players.length;
    const all = [...players, ...below];
    const bye = all.length % 2 === 1 ? all.length : -1;
    const float = (player: State) => {
      const cost = this.addFloat(this.emptyCost(), player);
      if (c9) cost[this.layout.c9] = c9(player);
      return cost;
    };
    const edges: { i: number; j: number; inBracket: bigint; c8: bigint; cost: Cost; order: bigint }[] = [];
    const none = this.emptyCost();
    const bonusRange = bonus?.range ?? 1n;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (!compatible(all[i], all[j])) continue;
        if (j < n) {
          const value = order(i, j);
          if (value !== null) edges.push({ i, j, inBracket: bonusRange + (bonus?.value(i, j) ?? 0n), c8: 0n, cost: this.pairCost(all[i], all[j]), order: value });
        } else if (i < n) {
          if (mayFloat(all[i])) edges.push({ i, j, inBracket: 0n, c8: inNext(j - n) && !isLimbo(j - n) ? pair + floaterWeight(all[i]) : 0n, cost: float(all[i]), order: 0n });
        } else {
          const [a, b] = [i - n, j - n];
          const c8 = inNext(b) && !isLimbo(b) ? pair + (isLimbo(a) ? floaterWeight(all[i]) : 0n) : 0n;
          edges.push({ i, j, inBracket: 0n, c8, cost: none, order: 0n });
        }
      }
      if (bye >= 0 && all[i].byeCandidate && (i >= n || mayFloat(all[i]))) {
        const floating = i < n || isLimbo(i - n);
        const c8 = this.next && (i < n || inNext(i - n)) ? byePair + (floating ? floaterWeight(all[i]) : 0n) : 0n;
        edges.push({ i, j: bye, inBracket: 0n, c8, cost: i < n ? float(all[i]) : none, order: 0n });
      }
    }
    const pairCount = Math.floor(all.length / 2) + 2;
    const count = BigInt(pairCount);
    const packing = packCosts([{ costs: edges.map((e) => e.cost), count: pairCount }]);
    const range = 1n << BigInt(packing.bits);
    const orderScale = count * orderRange;
    const c8Scale = count * range * orderScale;
    const bracketScale = count * (2n * pair + 1n) * c8Scale;
    const weighted: WeightedEdge[] = edges.map((e) => [e.i, e.j, e.inBracket * bracketScale + e.c8 * c8Scale + (range - packing.pack(e.cost)) * orderScale + e.order]);
    const mate = maximumWeightMatching(all.length + (bye >= 0 ? 1 : 0), weighted, true);
    return mate.some((m) => m < 0) ? null : mate.subarray(0, n).map((m) => (m < n ? m : -1));
  }

  /**
   * A candidate by `match`, which pairs some of the bracket's players by the criteria and then by
   * `order` (each pair's part of the order of generation, summing below `orderRange`; null for
   * pairs that may not be made), the others downfloating (a partner of -1): the MDPs' opponents
   * first (3.7), then the remainder's exchange (4.3), then its transposition (4.2), as
   * solveByMatching decides them. Null when no candidate pairs as the bracket needs.
   */
  private pairWithFloaters(
    match: (players: State[], order: (i: number, j: number) => bigint | null, orderRange: bigint, mayFloat: (player: State) => boolean) => Int32Array | null,
  ): BracketResult | null {
    const s1 = this.mdps.slice(0, this.m1);
    const residentsOnly = (player: State) => !s1.includes(player);
    let remainder = this.residents;
    const pairs: [State, State][] = [];
    if (s1.length > 0) {
      const players = [...s1, ...this.residents];
      const { order, range } = mdpOpponentOrder(s1.length, players.length);
      const mate = match(players, order, range, residentsOnly);
      if (!mate || s1.some((_, i) => mate[i] < s1.length)) return null;
      s1.forEach((mdp, i) => pairs.push([mdp, players[mate[i]]]));
      remainder = this.residents.filter((r) => !pairs.some(([, partner]) => partner === r));
    }
    const half = this.target - this.m1;
    const split = match(remainder, (i) => exchangeOrder([i], half, remainder.length), exchangeRange(half, remainder.length), residentsOnly);
    if (!split) return null;
    const leaders = remainder.filter((_, i) => split[i] > i);
    const others = remainder.filter((p) => !leaders.includes(p));
    const transposition = transpositionOrder(leaders.length, others.length);
    const transposed = match([...leaders, ...others], transposition.order, transposition.range, (player) => !leaders.includes(player));
    if (!transposed) return null;
    leaders.forEach((leader, i) => {
      if (transposed[i] >= leaders.length) pairs.push([leader, others[transposed[i] - leaders.length]]);
    });
    if (pairs.length !== this.target) return null;
    const floaters = [...this.mdps.slice(this.m1), ...this.residents.filter((r) => !pairs.some(([a, b]) => a === r || b === r))];
    return { pairs, floaters: floaters.sort(byRank) };
  }

  /**
   * C8 at its best over every set of resident downfloaters (ignoring whether the rest of this
   * bracket pairs, but for residents who can meet nobody in it: they float in every candidate),
   * inside C4 as nextBracket counts it: a bound none of them can beat. One matching over the
   * downfloaters and every lower player (null when no set completes the round).
   */
  private bestNextBracket(): { shortfall: number; unpaired: State[] } | null {
    if (!this.next) return { shortfall: 0, unpaired: [] };
    const partners = [...this.mdps.slice(0, this.m1), ...this.residents];
    const forced = this.residents.filter((r) => !partners.some((p) => p !== r && compatible(p, r)));
    const count = this.residentFloaters - forced.length;
    const floaters = [...this.mdps.slice(this.m1), ...forced];
    const rest = this.below.from(this.next.length);
    if (count < 0) return null;
    if (count === 0) return nextBracketWithin(floaters, this.next, rest);
    return nextBracketWithin(floaters, this.next, rest, { from: this.residents.filter((r) => !forced.includes(r)), count });
  }

  /**
   * A maximum-cardinality matching of `vertices` that pairs as many of those who `mustPair` as
   * possible, then is best by the criteria (pair values, plus `floating` for whoever stays
   * unpaired), then by `order` (each pair's part of the order of generation, summing below
   * `orderRange`); `order` is null for pairs that may not be made.
   */
  private bestMatching(
    vertices: (State | null)[],
    floating: (player: State) => Cost,
    mustPair: (player: State) => boolean,
    order: (i: number, j: number) => bigint | null,
    orderRange: bigint,
    floatVertex?: (player: State) => Cost | null,
  ): Int32Array {
    const candidates: { i: number; j: number; cost: Cost; order: bigint }[] = [];
    for (let i = 0; i < vertices.length; i++) {
      for (let j = i + 1; j < vertices.length; j++) {
        const [x, y] = [vertices[i], vertices[j]];
        if (x === null || y === null) {
          // a float vertex (null): whoever it takes downfloats, at the cost of that
          const cost = x === y ? null : floatVertex?.((x ?? y)!);
          if (cost) candidates.push({ i, j, cost, order: 0n });
          continue;
        }
        const value = compatible(x, y) ? order(i, j) : null;
        if (value !== null) candidates.push({ i, j, cost: this.pairCost(x, y), order: value });
      }
    }
    const floats = vertices.map((v) => (v ? floating(v) : this.emptyCost()));
    const must = vertices.map((v) => (!v || mustPair(v) ? 1n : 0n));
    const pairCount = Math.floor(vertices.length / 2);
    const packing = packCosts([{ costs: candidates.map((c) => c.cost), count: pairCount }, { costs: floats, count: 1 }]);
    const range = 1n << BigInt(packing.bits);
    const orderScale = BigInt(pairCount + 1) * orderRange;
    const mustScale = BigInt(3 * (pairCount + 1)) * range * orderScale;
    const edges: WeightedEdge[] = candidates.map(({ i, j, cost, order }) => [
      i,
      j,
      (must[i] + must[j]) * mustScale + (range - packing.pack(cost) + packing.pack(floats[i]) + packing.pack(floats[j])) * orderScale + order,
    ]);
    return maximumWeightMatching(vertices.length, edges, true);
  }

  private emptyCost(): Cost {
    return this.layout.empty();
  }

  /** A pair's C10–C13, and for an MDP's opponent who upfloated before C15/C17 and C19/C21. */
  private addPair(cost: Cost, x: State, y: State): Cost {
    return this.addPairTo(cost.slice(), x, y);
  }

  /**
   * The cost of one pair alone, shared by every pair of the same cost (not to be changed): its C10–C13
   * and the upfloats its lower player brings at the higher one's score, numbered as a key.
   */
  private pairCost(x: State, y: State): Cost {
    const colours = this.context.colourCost(x, y);
    let floats = 0;
    if (x.score !== y.score) {
      const high = x.score > y.score ? x : y;
      const low = high === x ? y : x;
      const upfloats = (low.lastFloat === "up" ? 1 : 0) + (low.floatBefore === "up" ? 2 : 0);
      if (upfloats) floats = upfloats + 4 * this.layout.floatScores(19, high.score);
    }
    const key = colours + COLOUR_COSTS.length * floats;
    let cost = this.pairCosts.get(key);
    if (!cost) {
      cost = this.addPairTo(this.emptyCost(), x, y);
      this.pairCosts.set(key, cost);
    }
    return cost;
  }

  private addPairTo(next: Cost, x: State, y: State): Cost {
    const colours = COLOUR_COSTS[this.context.colourCost(x, y)];
    for (let i = 0; i < colours.length; i++) next[this.layout.colours + i] += colours[i];
    if (x.score !== y.score) {
      const [high, low] = x.score > y.score ? [x, y] : [y, x];
      if (low.lastFloat === "up") {
        next[this.layout.floats(15)]++;
        next[this.layout.floatScores(19, high.score)]++;
      }
      if (low.floatBefore === "up") {
        next[this.layout.floats(17)]++;
        next[this.layout.floatScores(21, high.score)]++;
      }
    }
    return next;
  }

  /** Pairs the MDPs of S1 with residents in transposition order, then the remainder. */
  private pairMdps(s1: State[], i: number, pairs: [State, State][], used: Set<State>, cost: Cost, limbo: State[]) {
    if (this.done() || this.hopeless(cost)) return;
    this.nodes++;
    if (i === s1.length) {
      const remainder = this.residents.filter((p) => !used.has(p));
      const remainderPairs = this.target - s1.length;
      for (const split of homogeneousSplits(remainder, remainderPairs)) {
        this.pairHomogeneous(split.s1, split.s2, 0, pairs.slice(), new Set(), cost, limbo);
        if (this.done()) return;
      }
      return;
    }
    for (const resident of this.residents) {
      if (used.has(resident) || !compatible(s1[i], resident)) continue;
      used.add(resident);
      this.pairMdps(s1, i + 1, [...pairs, [s1[i], resident]], used, this.addPair(cost, s1[i], resident), limbo);
      used.delete(resident);
      if (this.done()) return;
    }
  }

  private pairHomogeneous(s1: State[], s2: State[], i: number, pairs: [State, State][], used: Set<State>, cost: Cost, limbo: State[], rest?: Cost[]) {
    // rest[k]: component-wise least cost of pairing S1[k..] (each with its cheapest partner): a bound on what is still to come.
    if (this.done() || this.hopeless(cost)) return;
    if (!rest) this.nodes += 1 + Math.floor((s1.length * s2.length) / 100);
    const bounds = rest ?? this.restBounds(s1, s2);
    if (this.hopeless(add(cost, bounds[i]))) return;
    this.nodes++;
    if (i === s1.length) {
      const floaters = [...limbo, ...s2.filter((p) => !used.has(p))];
      this.complete(pairs.slice(), floaters, cost);
      return;
    }
    for (const partner of s2) {
      if (used.has(partner) || !compatible(s1[i], partner)) continue;
      this.nodes++;
      used.add(partner);
      pairs.push([s1[i], partner]);
      this.pairHomogeneous(s1, s2, i + 1, pairs, used, this.addPair(cost, s1[i], partner), limbo, bounds);
      pairs.pop();
      used.delete(partner);
      if (this.done()) return;
    }
  }

  private restBounds(s1: State[], s2: State[]): Cost[] {
    const bounds: Cost[] = new Array(s1.length + 1);
    bounds[s1.length] = this.emptyCost();
    if (s1.length * s2.length > LARGE_BOUND) return bounds.fill(bounds[s1.length]);
    for (let k = s1.length - 1; k >= 0; k--) {
      let least: Cost | null = null;
      for (const partner of s2) {
        if (!compatible(s1[k], partner)) continue;
        const pair = this.pairCost(s1[k], partner);
        least = least ? least.map((value, c) => Math.min(value, pair[c])) : pair;
      }
      bounds[k] = add(bounds[k + 1], least ?? this.emptyCost());
    }
    return bounds;
  }

  /**
   * The floaters' part of the value (their C7 is in the start cost): C8 the next bracket's
   * shortfall of pairs, C9 the unplayed games of a lone downfloater who will take the PAB,
   * C14/C16 residents who downfloat again, C18/C20 the scores of all who downfloat again.
   */
  private withFloaters(partial: Cost, floaters: State[]): Cost {
    const cost = partial.slice();
    const next = this.nextBracket(floaters);
    cost[this.layout.c8] = next.shortfall;
    for (const floater of next.unpaired) cost[this.layout.c8Unpaired(floater.score)]++;
    if (floaters.length === 1 && floaters[0].byeCandidate) cost[this.layout.c9] = floaters[0].unplayed;
    for (const floater of floaters) this.addFloat(cost, floater);
    return cost;
  }

  /** One downfloater's C14/C16 (a resident) and C18/C20, added in place. */
  private addFloat(cost: Cost, floater: State): Cost {
    const resident = floater.score === this.residentScore;
    if (floater.lastFloat === "down") {
      if (resident) cost[this.layout.floats(14)]++;
      cost[this.layout.floatScores(18, floater.score)]++;
    }
    if (floater.floatBefore === "down") {
      if (resident) cost[this.layout.floats(16)]++;
      cost[this.layout.floatScores(20, floater.score)]++;
    }
    return cost;
  }

  /**
   * C8: how many pairs the next bracket falls short of with these downfloaters moved down to it,
   * then which of them (by score) it cannot pair, among its pairings that complete the round
   * (nextBracketWithin); memoized per set. Downfloaters do not meet each other there (they would
   * have been paired here). Where the round cannot be completed with them (C4 refuses them anyway),
   * the next bracket on its own.
   */
  private nextBracket(floaters: State[]): { shortfall: number; unpaired: State[] } {
    const next = this.next;
    if (!next || floaters.length === 0) return { shortfall: 0, unpaired: [] };
    const key = keyOfSet(floaters);
    let value = this.nextBrackets.get(key);
    if (!value) {
      const { shortfall, unpaired } = nextBracketWithin(floaters, next, this.below.from(next.length)) ?? nextBracketAlone(floaters, next);
      value = { shortfall, unpaired };
      this.nextBrackets.set(key, value);
    }
    return value;
  }

  private compareUnpaired(a: State[], b: State[]): number {
    const cost = (floaters: State[]) => {
      const c = this.emptyCost();
      for (const f of floaters) c[this.layout.c8Unpaired(f.score)]++;
      return c;
    };
    return compare(cost(a), cost(b));
  }

  private complete(pairs: [State, State][], floaters: State[], partial: Cost) {
    if (this.hopeless(partial)) return;
    const cost = this.withFloaters(partial, floaters);
    if (this.hopeless(cost)) return;
    if (!this.completes(floaters)) return;
    this.best = { cost, result: { pairs, floaters: floaters.sort(byRank) } };
  }

  /**
   * C4 with C2 and C5: the floaters and the lower score groups can still be paired (one bye at
   * most, to a bye candidate); kept per set of floaters (RestOfRound).
   */
  private completes(floaters: State[]): boolean {
    if (this.isLast) return floaters.length === 0 || (floaters.length === 1 && floaters[0].byeCandidate);
    return this.below.pairableWith(floaters);
  }

  /** The best value any candidate could have: for stopping as soon as it is reached. */
  private lowerBound(): Cost {
    const cost = this.startCost(this.mdps.slice(this.m1));
    const all = [...this.mdps, ...this.residents];
    const floating = all.length - 2 * this.target;
    const wanting = (colour: Colour, strong: boolean) =>
      all.filter((p) => p.colour.preference === colour && (!strong || p.colour.strength !== "mild")).length;
    const unmet = (strong: boolean) =>
      Math.max(0, Math.max(0, wanting("w", strong) - this.target) + Math.max(0, wanting("b", strong) - this.target) - floating);
    cost[this.layout.colours + 2] = unmet(false);
    // Outside the final round nobody pairs against an absolute preference, so every strong one not granted counts in C13.
    cost[this.layout.colours + 3] = all.some((p) => p.topscorer) ? 0 : unmet(true);
    return cost;
  }
}
