import { allocateColour, colourState, opposite, type ColourState } from "./colours";
import { engineError, engineOk, type EngineResult } from "./errors";
import { matchingSize, maximumMatching } from "./matching";
import { score, type Colour, type Pairing, type PlayerRecord, type RoundPairing } from "./types";

/**
 * FIDE (Dutch) System, C.04.3 (version applied from 1 July 2025, which keeps the 2017
 * pairing procedure and criteria), with the general rules C.04.1/C.04.2.
 *
 * Brackets are paired from the top scoregroup down. In each bracket the candidates are
 * generated in the order of the handbook (S1/S2 split, transpositions of S2 in lexicographic
 * order, then exchanges; for heterogeneous brackets the MDP pairing first and then its
 * remainder) and the first candidate with the best value of the criteria is chosen:
 *   absolute  C1 no rematch, C2 no second PAB, C3 non-topscorers with the same absolute colour preference never meet
 *   completion C4 the remaining players can still be paired
 *   quality   C5 most pairs, C6 lowest PSD, C7 downfloaters that let the next bracket pair the most players,
 *             C8–C9 topscorers' colour limits, C10–C11 colour preferences,
 *             C12–C19 repeated floats and their score differences
 * C7 looks only at the number of pairs in the next bracket (not at its PSD).
 * The search is exhaustive for small brackets; for large ones it is bounded (SEARCH_LIMIT steps)
 * and falls back on a greedy candidate (each S1 player in order takes its cheapest partner),
 * which is used directly for brackets of more than about 280 players.
 */
export type DutchInput = {
  players: PlayerRecord[];
  /** ids of the players to pair this round (present, not withdrawn, no requested bye) */
  present: number[];
  /** the round being paired (1-based) */
  round: number;
  totalRounds: number;
  /** colour of the top player in round 1 (drawn by lot; default white) */
  initialColour?: Colour;
  /** points of a win (for topscorers and bye eligibility) */
  winPoints?: number;
};

type Float = "down" | "up" | undefined;

type State = {
  id: number;
  score: number;
  colour: ColourState;
  opponents: Set<number>;
  byeEligible: boolean;
  topscorer: boolean;
  /** float received in the previous round and in the one before it */
  lastFloat: Float;
  floatBefore: Float;
};

const SEARCH_LIMIT = 30_000;
const LARGE_REST = 60;
const LARGE_BOUND = 20_000;
const LARGE_BRACKET = 200;
const QUALITY = 12; // C8..C19

export function pairDutch(input: DutchInput): EngineResult<RoundPairing> {
  const states = buildStates(input);
  const present = input.present.map((id) => states.get(id)).filter((s): s is State => s !== undefined);
  present.sort(byRank);
  if (present.length === 0) return engineOk({ pairings: [] });
  const context = new Context(input.initialColour ?? "w");
  const groups = groupByScore(present);
  const pairs: [State, State][] = [];
  let floaters: State[] = [];
  for (let g = 0; g < groups.length; g++) {
    const lower = groups.slice(g + 1).flat();
    const result = pairBracket(context, floaters, groups[g], lower, groups[g + 1] ?? null);
    if (!result) return engineError({ code: "pairingsNotPossible", reason: `no pairing of the score group ${groups[g][0].score} leaves the rest pairable` });
    pairs.push(...result.pairs);
    floaters = result.floaters;
  }
  if (floaters.length > 1 || (floaters.length === 1 && !floaters[0].byeEligible)) {
    return engineError({ code: "pairingsNotPossible", reason: "the players cannot all be paired without rematches" });
  }
  return engineOk({ pairings: boardOrder(context, pairs), ...(floaters[0] ? { bye: floaters[0].id } : {}) });
}

function buildStates(input: DutchInput): Map<number, State> {
  const winPoints = input.winPoints ?? 1;
  const finalRound = input.round === input.totalRounds;
  const maxScore = (input.round - 1) * winPoints;
  const scoreBefore = (record: PlayerRecord, round: number) => score(record, round);
  const byId = new Map(input.players.map((p) => [p.id, p]));
  const floatIn = (record: PlayerRecord, roundIndex: number): Float => {
    const entry = record.rounds[roundIndex];
    if (!entry) return undefined;
    if (entry.kind === "game") {
      const opponent = byId.get(entry.opponent);
      if (!opponent) return undefined;
      const own = scoreBefore(record, roundIndex);
      const theirs = scoreBefore(opponent, roundIndex);
      return own > theirs ? "down" : own < theirs ? "up" : undefined;
    }
    // 1.4.3: scoring without playing more than the points of a loss is a downfloat.
    return entry.points > 0 ? "down" : undefined;
  };
  const states = new Map<number, State>();
  for (const record of input.players) {
    const opponents = new Set<number>();
    let byeEligible = true;
    for (const entry of record.rounds) {
      if (!entry) continue;
      if (entry.kind === "game") opponents.add(entry.opponent);
      if (entry.kind === "pab" || (entry.kind === "forfeit" && entry.points >= winPoints)) byeEligible = false;
    }
    const current = score(record, input.round - 1);
    states.set(record.id, {
      id: record.id,
      score: current,
      colour: colourState({ id: record.id, rounds: record.rounds.slice(0, input.round - 1) }),
      opponents,
      byeEligible,
      topscorer: finalRound && current > maxScore / 2,
      lastFloat: input.round >= 2 ? floatIn(record, input.round - 2) : undefined,
      floatBefore: input.round >= 3 ? floatIn(record, input.round - 3) : undefined,
    });
  }
  return states;
}

const byRank = (a: State, b: State) => b.score - a.score || a.id - b.id;

function groupByScore(players: State[]): State[][] {
  const groups: State[][] = [];
  for (const player of players) {
    const last = groups.at(-1);
    if (last && last[0].score === player.score) last.push(player);
    else groups.push([player]);
  }
  return groups;
}

/** C1 and C3: may the two players meet at all? */
function compatible(a: State, b: State): boolean {
  if (a.opponents.has(b.id)) return false;
  return !(
    !a.topscorer &&
    !b.topscorer &&
    a.colour.strength === "absolute" &&
    b.colour.strength === "absolute" &&
    a.colour.preference === b.colour.preference
  );
}

class Context {
  private readonly pairCosts = new Map<number, number[]>();
  constructor(readonly initialColour: Colour) {}

  /** Colour of the higher-ranked player of a pair (rules E.1–E.5). */
  colourOf(high: State, low: State): Colour {
    return allocateColour(high, low, this.initialColour);
  }

  /** C8–C19 of one pair (indexes 0..11). */
  pairQuality(x: State, y: State): number[] {
    const [high, low] = byRank(x, y) <= 0 ? [x, y] : [y, x];
    const key = high.id * 1_000_000 + low.id;
    const known = this.pairCosts.get(key);
    if (known) return known;
    const quality = new Array<number>(QUALITY).fill(0);
    const highColour = this.colourOf(high, low);
    const given: [State, Colour][] = [
      [high, highColour],
      [low, opposite(highColour)],
    ];
    const top = high.topscorer || low.topscorer;
    for (const [player, colour] of given) {
      const c = player.colour;
      if (top) {
        const difference = c.difference + (colour === "w" ? 1 : -1);
        if (Math.abs(difference) > 2) quality[0]++;
        if (c.history.length >= 2 && c.history.at(-1) === colour && c.history.at(-2) === colour) quality[1]++;
      }
      if (c.preference && c.preference !== colour) {
        quality[2]++;
        if (c.strength === "strong" || c.strength === "absolute") quality[3]++;
      }
    }
    const difference = high.score - low.score;
    if (difference > 0) addFloat(quality, high, "down", difference);
    if (difference > 0) addFloat(quality, low, "up", difference);
    this.pairCosts.set(key, quality);
    return quality;
  }
}

/** C12–C19 for a player receiving a float of the given kind with a score difference. */
function addFloat(quality: number[], player: State, float: "down" | "up", difference: number) {
  const offset = float === "down" ? 0 : 1;
  if (player.lastFloat === float) {
    quality[4 + offset]++;
    quality[8 + offset] += difference;
  }
  if (player.floatBefore === float) {
    quality[6 + offset]++;
    quality[10 + offset] += difference;
  }
}

type BracketResult = { pairs: [State, State][]; floaters: State[] };

/**
 * A bracket's cost: PSD as counts per score-difference level (highest level first, in half
 * points), then C8–C19. All parts only grow as pairs are added, so partial costs bound the search.
 */
type Cost = number[];

function add(a: Cost, b: Cost): Cost {
  return a.map((value, i) => value + b[i]);
}

function compare(a: Cost, b: Cost): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function pairBracket(context: Context, mdps: State[], residents: State[], lower: State[], next: State[] | null): BracketResult | null {
  const isLast = next === null;
  const all = [...mdps, ...residents];
  const minScore = residents[0].score;
  const maxScore = all.reduce((m, p) => Math.max(m, p.score), minScore);
  const levels = Math.round((maxScore - minScore + 1) * 2) + 1;
  // Large brackets almost always pair completely; a failed target simply falls to the next one.
  const maxPairs = all.length > LARGE_BRACKET ? Math.floor(all.length / 2) : maxPairsIn(all);
  for (let target = maxPairs; target >= 0; target--) {
    const search = new BracketSearch(context, mdps, residents, lower, next, minScore, levels, target);
    const result = search.run();
    if (result) return result;
  }
  return isLast ? pairAnyhow(all) : null;
}

/**
 * The last bracket when no candidate of the ordered search pairs it completely (MDPs that
 * can only meet each other, or exchanges beyond those tried): a maximum matching with at most
 * one bye to an eligible player, so that the round is complete.
 */
function pairAnyhow(players: State[]): BracketResult | null {
  const n = players.length;
  const odd = n % 2 === 1;
  const neighbours = graphOf(players, odd);
  const match = maximumMatching(neighbours.length, neighbours);
  if (matchingSize(match) * 2 !== neighbours.length) return null;
  const pairs: [State, State][] = [];
  const floaters: State[] = [];
  players.forEach((player, i) => {
    if (match[i] === n) floaters.push(player);
    else if (match[i] > i) pairs.push([player, players[match[i]]]);
  });
  return { pairs, floaters };
}

function graphOf(players: State[], withBye: boolean): number[][] {
  const n = players.length;
  const neighbours: number[][] = Array.from({ length: withBye ? n + 1 : n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (compatible(players[i], players[j])) {
        neighbours[i].push(j);
        neighbours[j].push(i);
      }
    }
    if (withBye && players[i].byeEligible) {
      neighbours[i].push(n);
      neighbours[n].push(i);
    }
  }
  return neighbours;
}

function maxPairsIn(players: State[]): number {
  const neighbours = players.map((p) => players.flatMap((q, j) => (q !== p && compatible(p, q) ? [j] : [])));
  return matchingSize(maximumMatching(players.length, neighbours));
}

class BracketSearch {
  private best: { cost: Cost; result: BracketResult } | null = null;
  private nodes = 0;
  private readonly ideal: Cost;

  constructor(
    private readonly context: Context,
    private readonly mdps: State[],
    private readonly residents: State[],
    private readonly lower: State[],
    private readonly next: State[] | null,
    private readonly minScore: number,
    private readonly levels: number,
    private readonly target: number,
  ) {
    this.isLast = next === null;
    this.ideal = this.lowerBound();
  }

  private readonly isLast: boolean;

  run(): BracketResult | null {
    const m1 = Math.min(this.maxMdpPairs(), this.target);
    this.greedy(m1);
    // In very large brackets the ordered search cannot get far within its budget: the greedy candidate stands.
    const size = this.mdps.length + this.residents.length;
    if (this.fallback && size * size > 4 * LARGE_BOUND) return this.fallback.result;
    for (const s1 of mdpSelections(this.mdps, m1)) {
      const limbo = this.mdps.filter((p) => !s1.includes(p));
      this.pairMdps(s1, 0, [], new Set(), this.emptyCost(), limbo);
      if (this.done()) break;
    }
    return this.best?.result ?? this.fallback?.result ?? null;
  }

  /**
   * A quick candidate (each S1 player takes its cheapest partner, in order) whose cost bounds
   * the ordered search from above. The ordered search still decides: it returns the first
   * candidate of the handbook's order with the best cost, unless its node budget runs out
   * before it finds one as good as this.
   */
  private greedy(m1: number) {
    const used = new Set<State>();
    const pairs: [State, State][] = [];
    let cost = this.emptyCost();
    const take = (s1: State[], s2: State[]) => {
      for (const player of s1) {
        let chosen: State | undefined;
        let chosenCost: Cost | undefined;
        for (const partner of s2) {
          if (used.has(partner) || !compatible(player, partner)) continue;
          const candidate = this.addPair(cost, player, partner);
          if (!chosenCost || compare(candidate, chosenCost) < 0) [chosen, chosenCost] = [partner, candidate];
          // Partners all have the same score here, so a pair without any quality cost cannot be beaten.
          if (this.context.pairQuality(player, partner).every((value) => value === 0)) break;
        }
        if (!chosen || !chosenCost) return false;
        used.add(player);
        used.add(chosen);
        pairs.push([player, chosen]);
        cost = chosenCost;
      }
      return true;
    };
    const s1 = this.mdps.slice(0, m1);
    if (!take(s1, this.residents)) return;
    const remainder = this.residents.filter((p) => !used.has(p));
    const pairsLeft = this.target - m1;
    if (!take(remainder.slice(0, pairsLeft), remainder.slice(pairsLeft))) return;
    const floaters = [...this.mdps.slice(m1), ...remainder.filter((p) => !used.has(p))];
    const total = this.withFloaters(cost, floaters);
    total[this.levels] = this.nextBracketShortfall(floaters);
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
    return this.nodes > SEARCH_LIMIT || (this.best !== null && compare(this.best.cost, this.ideal) <= 0);
  }

  private emptyCost(): Cost {
    return new Array<number>(this.levels + 1 + QUALITY).fill(0);
  }

  private addPair(cost: Cost, x: State, y: State): Cost {
    const next = cost.slice();
    next[this.levelIndex(Math.abs(x.score - y.score))]++;
    const quality = this.context.pairQuality(x, y);
    for (let i = 0; i < QUALITY; i++) next[this.levels + 1 + i] += quality[i];
    return next;
  }

  private levelIndex(difference: number): number {
    return this.levels - 1 - Math.round(difference * 2);
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
        const pair = this.addPair(this.emptyCost(), s1[k], partner);
        least = least ? least.map((value, c) => Math.min(value, pair[c])) : pair;
      }
      bounds[k] = add(bounds[k + 1], least ?? this.emptyCost());
    }
    return bounds;
  }

  private withFloaters(partial: Cost, floaters: State[]): Cost {
    const cost = partial.slice();
    for (const floater of floaters) {
      const difference = floater.score - (this.minScore - 1);
      cost[this.levelIndex(difference)]++;
      const quality = new Array<number>(QUALITY).fill(0);
      addFloat(quality, floater, "down", difference);
      for (let q = 0; q < QUALITY; q++) cost[this.levels + 1 + q] += quality[q];
    }
    return cost;
  }

  private readonly shortfalls = new Map<string, number>();

  /** C7: how many pairs the next bracket falls short of, with these downfloaters moved down to it (memoized per set). */
  private nextBracketShortfall(floaters: State[]): number {
    if (!this.next || floaters.length === 0 || floaters.length + this.next.length > LARGE_BRACKET) return 0;
    const key = floaters.map((f) => f.id).sort((a, b) => a - b).join(",");
    let shortfall = this.shortfalls.get(key);
    if (shortfall === undefined) {
      const players = [...floaters, ...this.next];
      shortfall = Math.floor(players.length / 2) - maxPairsIn(players);
      this.shortfalls.set(key, shortfall);
    }
    return shortfall;
  }

  private complete(pairs: [State, State][], floaters: State[], partial: Cost) {
    const cost = this.withFloaters(partial, floaters);
    if (this.hopeless(cost)) return;
    cost[this.levels] = this.nextBracketShortfall(floaters);
    if (this.hopeless(cost)) return;
    if (!this.completes(floaters)) return;
    this.best = { cost, result: { pairs, floaters: floaters.sort(byRank) } };
  }

  /**
   * C2 and C4: the floaters and the lower score groups can still be paired (one bye at most,
   * to an eligible player). Exact (maximum matching) while the rest is small; with many players
   * below, each floater needs a possible opponent there and the players below must be pairable.
   */
  private completes(floaters: State[]): boolean {
    if (this.isLast) return floaters.length === 0 || (floaters.length === 1 && floaters[0].byeEligible);
    if (this.lower.length < LARGE_REST) return pairable([...floaters, ...this.lower]);
    this.lowerPairable ??= pairable(this.lower.slice(0, this.lower.length - (floaters.length % 2)));
    return this.lowerPairable && floaters.every((f) => this.lower.some((p) => compatible(f, p)));
  }

  private lowerPairable: boolean | undefined;

  private mdpPairs: number | undefined;

  private maxMdpPairs(): number {
    this.mdpPairs ??= this.countMdpPairs();
    return this.mdpPairs;
  }

  private countMdpPairs(): number {
    if (this.mdps.length === 0) return 0;
    const players = [...this.mdps, ...this.residents];
    const m = this.mdps.length;
    const neighbours = players.map((p, i) =>
      players.flatMap((q, j) => ((i < m) !== (j < m) && compatible(p, q) ? [j] : [])),
    );
    return matchingSize(maximumMatching(players.length, neighbours));
  }

  /** The best cost any candidate could have: for stopping as soon as it is reached. */
  private lowerBound(): Cost {
    const cost = this.emptyCost();
    const m1 = Math.min(this.maxMdpPairs(), this.target);
    const paired = this.mdps.slice(0, m1);
    const residentScore = this.residents[0].score;
    for (const mdp of paired) cost[this.levelIndex(mdp.score - residentScore)]++;
    for (let i = m1; i < this.target; i++) cost[this.levelIndex(0)]++;
    for (const mdp of this.mdps.slice(m1)) cost[this.levelIndex(mdp.score - (this.minScore - 1))]++;
    const residentFloaters = this.residents.length - m1 - 2 * (this.target - m1);
    for (let i = 0; i < residentFloaters; i++) cost[this.levelIndex(1)]++;
    const all = [...this.mdps, ...this.residents];
    const floating = all.length - 2 * this.target;
    const wanting = (colour: Colour, strong: boolean) =>
      all.filter((p) => p.colour.preference === colour && (!strong || p.colour.strength !== "mild")).length;
    const unmet = (strong: boolean) =>
      Math.max(0, Math.max(0, wanting("w", strong) - this.target) + Math.max(0, wanting("b", strong) - this.target) - floating);
    cost[this.levels + 1 + 2] = unmet(false);
    cost[this.levels + 1 + 3] = unmet(true);
    return cost;
  }
}

/** S1 choices of MDPs: the highest first, then MDP exchanges with the limbo (smallest changes first). */
function* mdpSelections(mdps: State[], m1: number): Generator<State[]> {
  yield mdps.slice(0, m1);
  const limbo = mdps.slice(m1);
  if (m1 === 0 || limbo.length === 0) return;
  const exchanges: { out: number; in: number }[] = [];
  for (let out = m1 - 1; out >= 0; out--) for (let into = 0; into < limbo.length; into++) exchanges.push({ out, in: into });
  exchanges.sort((a, b) => a.in + m1 - a.out - (b.in + m1 - b.out) || b.out - a.out || a.in - b.in);
  for (const exchange of exchanges) {
    const s1 = mdps.slice(0, m1);
    s1[exchange.out] = limbo[exchange.in];
    yield s1.sort(byRank);
  }
}

/**
 * S1/S2 splits of a homogeneous bracket or remainder: S1 = the first `pairs` players, then the
 * exchanges of one player (and, for small groups, two players) ordered as in the handbook:
 * smallest difference of the exchanged bracket sequence numbers, highest BSN leaving S1,
 * lowest BSN leaving S2.
 */
function* homogeneousSplits(players: State[], pairs: number): Generator<{ s1: State[]; s2: State[] }> {
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
    const outs = combinations(base, size);
    const ins = combinations(Array.from({ length: n - pairs }, (_, i) => pairs + i), size);
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

function combinations(items: number[], size: number): number[][] {
  if (size === 0) return [[]];
  const result: number[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) result.push([item, ...rest]);
  });
  return result;
}

/** Whether the players can all be paired (C1, C3), one of them (if odd) taking a bye he may receive. */
function pairable(players: State[]): boolean {
  const neighbours = graphOf(players, players.length % 2 === 1);
  return matchingSize(maximumMatching(neighbours.length, neighbours)) * 2 === neighbours.length;
}

/** Boards: by the higher player's score, then the pair's total score, then the higher player's rank (C.04.2). */
function boardOrder(context: Context, pairs: [State, State][]): Pairing[] {
  const ordered = pairs.map(([x, y]) => (byRank(x, y) <= 0 ? [x, y] : [y, x]) as [State, State]);
  ordered.sort(([a1, a2], [b1, b2]) => b1.score - a1.score || b1.score + b2.score - (a1.score + a2.score) || a1.id - b1.id);
  return ordered.map(([high, low]) => {
    const colour = context.colourOf(high, low);
    return colour === "w" ? { white: high.id, black: low.id } : { white: low.id, black: high.id };
  });
}
