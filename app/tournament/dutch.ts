import { allocateColour, colourState, initialColourOf, opposite, type ColourState } from "./colours";
import { engineError, engineOk, type EngineResult } from "./errors";
import { matchingSize, maximumMatching } from "./matching";
import { maximumWeightMatching, type WeightedEdge } from "./weightedMatching";
import { score, type Colour, type Pairing, type PlayerRecord, type RoundPairing } from "./types";

/**
 * FIDE (Dutch) System, C.04.3 in the edition approved in 2025 (applied from 1 February 2026),
 * with the basic and general rules C.04.1/C.04.2 of the same edition. Checked round by round
 * against bbpPairings v6 (testdata/dutch-2026).
 *
 * Brackets are paired from the top scoregroup down. In each bracket the candidates are
 * generated in the order of Article 4 (sets of moved-down players by their smallest differing
 * BSN, transpositions of S2, then resident exchanges of the remainder) and the first candidate
 * with the best value of the criteria is chosen (3.8). When that ordered search takes long and
 * a candidate's value is a sum over its pairs and at most one resident downfloater, weighted
 * matchings find the same candidate (criteria first, then the order of generation, packed into
 * each pair's weight). The criteria:
 *   absolute   C1 no rematch, C2 no second PAB (nor after a win's points without playing),
 *              C3 non-topscorers with the same absolute colour preference never meet
 *   completion C4 the players not yet paired can still all be paired
 *   PAB        C5 the PAB goes to a player with the lowest score possible (fixed before the first bracket)
 *   quality    C6 most pairs, C7 lowest scores of the downfloaters (in descending order),
 *              C8 downfloaters that let the next bracket pair the most players,
 *              C9 fewest unplayed games of the PAB assignee, C10–C13 colours,
 *              C14–C17 repeated floats, C18–C21 their scores
 * C8 looks one bracket ahead: its pairs, then the downfloaters it pairs by score.
 * Brackets the matching cannot decide (several resident downfloaters with a choice of MDPs) are
 * searched within SEARCH_LIMIT steps; brackets of more than about 280 players take a greedy
 * candidate (each S1 player in order takes its cheapest partner).
 */
export type DutchInput = {
  players: PlayerRecord[];
  /** ids of the players to pair this round (present, not withdrawn, no requested bye) */
  present: number[];
  /** the round being paired (1-based) */
  round: number;
  totalRounds: number;
  /**
   * colour of the top player in round 1 (drawn by lot); when not given, it is read from round 1
   * as played (the highest-ranked player who had a colour), else white
   */
  initialColour?: Colour;
  /** points of a win (for topscorers and bye eligibility) */
  winPoints?: number;
  /**
   * steps of the ordered search in a bracket before a weighted matching decides it (where the
   * bracket's value allows; default 2000; 0: decide every such bracket by matching)
   */
  matchingAfter?: number;
};

type Float = "down" | "up" | undefined;

type State = {
  id: number;
  score: number;
  colour: ColourState;
  opponents: Set<number>;
  /** C2: may receive the pairing-allocated bye */
  byeEligible: boolean;
  /** C5: eligible, with the lowest score the bye can go to this round */
  byeCandidate: boolean;
  /** rounds so far without a played game (C9) */
  unplayed: number;
  topscorer: boolean;
  /** float received in the previous round and in the one before it */
  lastFloat: Float;
  floatBefore: Float;
};

const SEARCH_LIMIT = 30_000;
const LARGE_BOUND = 20_000;
const LARGE_BRACKET = 200;
const MDP_SETS_LIMIT = 5_000;
const MATCHING_AFTER = 2_000;
const MATCHING_BRACKET = 120;

export function pairDutch(input: DutchInput): EngineResult<RoundPairing> {
  const states = buildStates(input);
  const present = input.present.map((id) => states.get(id)).filter((s): s is State => s !== undefined);
  present.sort(byRank);
  if (present.length === 0) return engineOk({ pairings: [] });
  if (present.length % 2 === 1) {
    const byeScore = lowestByeScore(present);
    if (byeScore === undefined) return engineError({ code: "pairingsNotPossible", reason: "no player who may receive the bye leaves the others pairable" });
    for (const player of present) player.byeCandidate = player.byeEligible && player.score <= byeScore;
  }
  const context = new Context(input.initialColour ?? initialColourOf(input.players) ?? "w", present.length % 2 === 1, input.matchingAfter ?? MATCHING_AFTER);
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
  if (floaters.length > 1 || (floaters.length === 1 && !floaters[0].byeCandidate)) {
    return engineError({ code: "pairingsNotPossible", reason: "the players cannot all be paired without rematches" });
  }
  return engineOk({ pairings: boardOrder(context, pairs), ...(floaters[0] ? { bye: floaters[0].id } : {}) });
}

/** C5: the lowest score of an eligible player who can take the bye while all others are paired. */
function lowestByeScore(players: State[]): number | undefined {
  const scores = [...new Set(players.filter((p) => p.byeEligible).map((p) => p.score))].sort((a, b) => a - b);
  return scores.find((score) => pairable(players, (p) => p.byeEligible && p.score <= score));
}

function buildStates(input: DutchInput): Map<number, State> {
  const winPoints = input.winPoints ?? 1;
  const finalRound = input.round === input.totalRounds;
  const maxScore = (input.round - 1) * winPoints;
  const byId = new Map(input.players.map((p) => [p.id, p]));
  // 1.4: a game between different scores floats both players; so does an unplayed round scoring more than a loss.
  const floatIn = (record: PlayerRecord, roundIndex: number): Float => {
    const entry = record.rounds[roundIndex];
    if (!entry) return undefined;
    if (entry.kind !== "game") return entry.points > 0 ? "down" : undefined;
    const opponent = byId.get(entry.opponent);
    if (!opponent) return undefined;
    const own = score(record, roundIndex);
    const theirs = score(opponent, roundIndex);
    return own > theirs ? "down" : own < theirs ? "up" : undefined;
  };
  const states = new Map<number, State>();
  for (const record of input.players) {
    const opponents = new Set<number>();
    let byeEligible = true;
    let unplayed = 0;
    for (let r = 0; r < input.round - 1; r++) {
      const entry = record.rounds[r];
      if (entry?.kind === "game") opponents.add(entry.opponent);
      else unplayed++;
      // C2 (C.04.1 art. 4): no PAB after a PAB, nor after scoring a win's points in a round without playing.
      if (entry && (entry.kind === "pab" || (entry.kind !== "game" && entry.points >= winPoints))) byeEligible = false;
    }
    const current = score(record, input.round - 1);
    states.set(record.id, {
      id: record.id,
      score: current,
      colour: colourState({ id: record.id, rounds: record.rounds.slice(0, input.round - 1) }),
      opponents,
      byeEligible,
      byeCandidate: false,
      unplayed,
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
  private readonly colourCosts = new Map<number, number[]>();
  constructor(
    readonly initialColour: Colour,
    /** whether a player receives the PAB this round */
    readonly withBye: boolean,
    readonly matchingAfter: number,
  ) {}

  /** Colour of the higher-ranked player of a pair (5.2). */
  colourOf(high: State, low: State): Colour {
    return allocateColour(high, low, this.initialColour);
  }

  /** C10–C13 of one pair. */
  colourCost(x: State, y: State): number[] {
    const [high, low] = byRank(x, y) <= 0 ? [x, y] : [y, x];
    const key = high.id * 1_000_000 + low.id;
    let cost = this.colourCosts.get(key);
    if (!cost) {
      cost = colourCost(high, low, this.colourOf(high, low));
      this.colourCosts.set(key, cost);
    }
    return cost;
  }
}

/**
 * C10 a topscorer (or opponent) beyond a colour difference of 2, C11 the same colour a third time
 * in a row, C12 a colour preference not granted, C13 a strong preference not granted (when both
 * players' preferences are absolute, as only topscorers may have them here, C13 counts nothing).
 */
function colourCost(high: State, low: State, highColour: Colour): number[] {
  const cost = [0, 0, 0, 0];
  const top = high.topscorer || low.topscorer;
  const given: [State, Colour][] = [
    [high, highColour],
    [low, opposite(highColour)],
  ];
  for (const [player, colour] of given) {
    const c = player.colour;
    if (top) {
      if (Math.abs(c.difference + (colour === "w" ? 1 : -1)) > 2) cost[0]++;
      if (c.history.length >= 2 && c.history.at(-1) === colour && c.history.at(-2) === colour) cost[1]++;
    }
    if (c.preference && c.preference !== colour) {
      cost[2]++;
      if (c.strength === "strong") cost[3]++;
    }
  }
  return cost;
}

type BracketResult = { pairs: [State, State][]; floaters: State[] };

/**
 * A candidate's value, compared lexicographically (lower is better). Score levels are half
 * points from the bracket's highest score down. Every part only grows as pairs and floaters are
 * added, so partial values bound the search.
 */
type Cost = number[];

/**
 * Where each criterion stands in a bracket's Cost: C7, the score part of C8 and C18–C21 take
 * one entry per score level (half points from the bracket's highest score down).
 */
class Layout {
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
}

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
  const maxScore = all.reduce((m, p) => Math.max(m, p.score), residents[0].score);
  const layout = new Layout(maxScore, Math.round((maxScore - residents[0].score) * 2) + 1);
  // Large brackets almost always pair completely; a failed target simply falls to the next one.
  const maxPairs = all.length > LARGE_BRACKET ? Math.floor(all.length / 2) : maxPairsIn(all);
  const mdpPairs = maxMdpPairs(mdps, residents);
  const nextBrackets = new Map<string, { shortfall: number; unpaired: State[] }>();
  const completions = new Map<string, boolean>();
  for (let target = maxPairs; target >= 0; target--) {
    // M1: as many MDPs paired as the pairs allow (C7); fewer only if no such candidate completes the round.
    for (let m1 = Math.min(mdpPairs, target); m1 >= Math.max(0, 2 * target - residents.length); m1--) {
      const search = new BracketSearch(context, layout, mdps, residents, lower, next, target, m1, nextBrackets, completions);
      const result = search.run();
      if (result) return result;
    }
  }
  return isLast ? pairAnyhow(all) : null;
}

/**
 * The last bracket when no candidate of the ordered search pairs it completely (exchanges
 * beyond those tried): a maximum matching with at most one bye to a bye candidate, so that the
 * round is complete.
 */
function pairAnyhow(players: State[]): BracketResult | null {
  const n = players.length;
  const neighbours = graphOf(players, n % 2 === 1 ? (p) => p.byeCandidate : null);
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

/** The compatibility graph (C1, C3), with an extra vertex for the bye joined to those who may take it. */
function graphOf(players: State[], mayTakeBye: ((player: State) => boolean) | null): number[][] {
  const n = players.length;
  const neighbours: number[][] = Array.from({ length: mayTakeBye ? n + 1 : n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (compatible(players[i], players[j])) {
        neighbours[i].push(j);
        neighbours[j].push(i);
      }
    }
    if (mayTakeBye?.(players[i])) {
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

/** The most MDPs that can be paired with residents at once. */
function maxMdpPairs(mdps: State[], residents: State[]): number {
  if (mdps.length === 0) return 0;
  const players = [...mdps, ...residents];
  const m = mdps.length;
  const neighbours = players.map((p, i) => players.flatMap((q, j) => ((i < m) !== (j < m) && compatible(p, q) ? [j] : [])));
  return matchingSize(maximumMatching(players.length, neighbours));
}

/**
 * The next bracket with these downfloaters: the pairs it falls short of, and the downfloaters it
 * cannot pair when as many of the highest as possible are paired. Any set of downfloaters that
 * some matching pairs with residents extends to a maximum matching, so they are chosen greedily
 * from the highest score down (a transversal matroid).
 */
function nextBracketWithout(floaters: State[], residents: State[]): { shortfall: number; unpaired: State[] } {
  const players = [...floaters, ...residents];
  if (pairsGreedily(players, () => true, (p, q) => !(floaters.includes(p) && floaters.includes(q)))) return { shortfall: 0, unpaired: [] };
  const isFloater = new Set(floaters);
  const neighbours = players.map((p) => players.flatMap((q, j) => (q !== p && !(isFloater.has(p) && isFloater.has(q)) && compatible(p, q) ? [j] : [])));
  const shortfall = Math.floor(players.length / 2) - matchingSize(maximumMatching(players.length, neighbours));
  const partnerOf = new Map<State, State>();
  const tryPair = (floater: State, seen: Set<State>): boolean => {
    for (const resident of residents) {
      if (seen.has(resident) || !compatible(floater, resident)) continue;
      seen.add(resident);
      const holder = partnerOf.get(resident);
      if (!holder || tryPair(holder, seen)) {
        partnerOf.set(resident, floater);
        return true;
      }
    }
    return false;
  };
  const unpaired = [...floaters].sort(byRank).filter((floater) => !tryPair(floater, new Set()));
  return { shortfall, unpaired };
}

class BracketSearch {
  private best: { cost: Cost; result: BracketResult } | null = null;
  private nodes = 0;
  /** the best value any candidate could have: the search stops as soon as it reaches it */
  private ideal: Cost;
  private readonly isLast: boolean;
  private readonly residentScore: number;

  constructor(
    private readonly context: Context,
    private readonly layout: Layout,
    private readonly mdps: State[],
    private readonly residents: State[],
    private readonly lower: State[],
    private readonly next: State[] | null,
    private readonly target: number,
    private readonly m1: number,
    private readonly nextBrackets: Map<string, { shortfall: number; unpaired: State[] }>,
    /** C4 per set of downfloaters */
    private readonly completions: Map<string, boolean>,
  ) {
    this.isLast = next === null;
    this.residentScore = residents[0].score;
    this.ideal = this.lowerBound();
  }

  run(): BracketResult | null {
    this.greedy();
    // In very large brackets the ordered search cannot get far within its budget: the greedy candidate stands.
    const size = this.mdps.length + this.residents.length;
    if (this.fallback && size * size > 4 * LARGE_BOUND) return this.fallback.result;
    for (const s1 of mdpSets(this.mdps, this.m1)) {
      const limbo = this.mdps.filter((p) => !s1.includes(p));
      this.pairMdps(s1, 0, [], new Set(), this.startCost(limbo), limbo);
      if (this.done()) break;
    }
    if (this.outOfBudget() && this.solvableByMatching()) {
      const solved = this.solveByMatching();
      if (solved) return solved;
    }
    return this.best?.result ?? this.fallback?.result ?? null;
  }

  /** C7 of a candidate with this Limbo: fixed once the MDPs to pair are chosen. */
  private startCost(limbo: State[]): Cost {
    const cost = new Array<number>(this.layout.size).fill(0);
    for (const mdp of limbo) cost[this.layout.c7(mdp.score)]++;
    cost[this.layout.c7(this.residentScore)] += this.residents.length - this.m1 - 2 * (this.target - this.m1);
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
    const residentFloaters = this.residents.length - this.m1 - 2 * (this.target - this.m1);
    return (this.m1 === 0 || this.m1 === this.mdps.length) && residentFloaters <= 1 && this.mdps.length + this.residents.length <= MATCHING_BRACKET;
  }

  /**
   * The candidate the handbook's order reaches first among the best, found by maximum-weight
   * matchings whose weights put the criteria first and the order of generation after them:
   * (1) the MDPs' opponents (S2 transpositions, 3.7), (2) the remainder's exchange (4.3: fewest
   * players exchanged, smallest BSN difference, highest BSNs out of S1, lowest into it), where a
   * pair's higher-ranked player stands in S1, (3) the remainder's transposition (4.2).
   */
  private solveByMatching(): BracketResult | null {
    const s1 = this.mdps.slice(0, this.m1);
    const limbo = this.mdps.slice(this.m1);
    const oneFloater = this.residents.length - this.m1 - 2 * (this.target - this.m1) === 1;
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
      const vertices = [...s1, ...this.residents];
      const base = BigInt(this.residents.length + 1);
      const mate = this.bestMatching(vertices, floating, (p) => s1.includes(p) || mustPair(p), (i, j) => {
        if (j < s1.length) return null;
        if (i >= s1.length) return 0n;
        return BigInt(vertices.length - j) * base ** BigInt(s1.length - 1 - i);
      }, base ** BigInt(s1.length));
      if (s1.some((_, i) => mate[i] === -1)) return null;
      s1.forEach((mdp, i) => pairs.push([mdp, vertices[mate[i]]]));
      remainder = this.residents.filter((r) => !pairs.some(([, partner]) => partner === r));
    }
    const half = this.target - this.m1;
    const n = remainder.length;
    // Exchange: pairs led from S1 (fewest exchanges), the BSN sum of the leaders, S1 leaders from the top, S2 leaders from the top.
    const ranges = [BigInt(half + 1), BigInt(half * n + 1), BigInt(half + 1) << BigInt(half), 1n << BigInt(n)];
    const split = this.bestMatching(remainder, floating, mustPair, (i) =>
      lexicographic(
        [i < half ? 1n : 0n, BigInt(n - i), i < half ? (1n << BigInt(half)) - (1n << BigInt(i)) : 1n << BigInt(half), i >= half ? 1n << BigInt(n - 1 - i) : 0n],
        ranges,
      ),
    ranges.reduce((a, b) => a * b));
    const leaders = remainder.filter((_, i) => split[i] > i);
    const others = remainder.filter((p) => !leaders.includes(p));
    const base = BigInt(others.length + 1);
    const transposed = this.bestMatching([...leaders, ...others], floating, mustPair, (i, j) =>
      i < leaders.length && j >= leaders.length ? BigInt(others.length - (j - leaders.length)) * base ** BigInt(leaders.length - 1 - i) : null,
    base ** BigInt(leaders.length));
    leaders.forEach((leader, i) => {
      if (transposed[i] >= 0) pairs.push([leader, others[transposed[i] - leaders.length]]);
    });
    if (pairs.length !== this.target) return null;
    const floaters = [...limbo, ...this.residents.filter((r) => !pairs.some(([a, b]) => a === r || b === r))];
    return this.completes(floaters) ? { pairs, floaters: floaters.sort(byRank) } : null;
  }

  /**
   * A maximum-cardinality matching of `vertices` that pairs as many of those who `mustPair` as
   * possible, then is best by the criteria (pair values, plus `floating` for whoever stays
   * unpaired), then by `order` (each pair's part of the order of generation, summing below
   * `orderRange`); `order` is null for pairs that may not be made.
   */
  private bestMatching(
    vertices: State[],
    floating: (player: State) => Cost,
    mustPair: (player: State) => boolean,
    order: (i: number, j: number) => bigint | null,
    orderRange: bigint,
  ): Int32Array {
    const candidates: { i: number; j: number; cost: Cost; order: bigint }[] = [];
    for (let i = 0; i < vertices.length; i++) {
      for (let j = i + 1; j < vertices.length; j++) {
        const value = compatible(vertices[i], vertices[j]) ? order(i, j) : null;
        if (value !== null) candidates.push({ i, j, cost: this.addPair(this.emptyCost(), vertices[i], vertices[j]), order: value });
      }
    }
    const floats = vertices.map(floating);
    const must = vertices.map((v) => (mustPair(v) ? 1n : 0n));
    const pairCount = Math.floor(vertices.length / 2);
    const packing = packCosts(candidates.map((c) => c.cost), pairCount, floats);
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
    return new Array<number>(this.layout.size).fill(0);
  }

  /** A pair's C10–C13, and for an MDP's opponent who upfloated before C15/C17 and C19/C21. */
  private addPair(cost: Cost, x: State, y: State): Cost {
    const next = cost.slice();
    const colours = this.context.colourCost(x, y);
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
        const pair = this.addPair(this.emptyCost(), s1[k], partner);
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
    for (const floater of floaters) {
      const resident = floater.score === this.residentScore;
      if (floater.lastFloat === "down") {
        if (resident) cost[this.layout.floats(14)]++;
        cost[this.layout.floatScores(18, floater.score)]++;
      }
      if (floater.floatBefore === "down") {
        if (resident) cost[this.layout.floats(16)]++;
        cost[this.layout.floatScores(20, floater.score)]++;
      }
    }
    return cost;
  }

  /**
   * C8: how many pairs the next bracket falls short of with these downfloaters moved down to it,
   * then which of them (by score) it cannot pair; memoized per set. Downfloaters do not meet each
   * other there (they would have been paired here). When the PAB can only go to one of these
   * players, he is left unpaired.
   */
  private nextBracket(floaters: State[]): { shortfall: number; unpaired: State[] } {
    const next = this.next;
    if (!next || floaters.length === 0 || floaters.length + next.length > LARGE_BRACKET) return { shortfall: 0, unpaired: [] };
    const key = floaters.map((f) => f.id).sort((a, b) => a - b).join(",");
    let value = this.nextBrackets.get(key);
    if (!value) {
      const byeHere = this.context.withBye && !this.lower.slice(next.length).some((p) => p.byeCandidate);
      const byeTakers = byeHere ? [...floaters, ...next].filter((p) => p.byeCandidate) : [];
      const takers: (State | null)[] = byeTakers.length ? byeTakers : [null];
      for (const taker of takers) {
        const candidate = nextBracketWithout(floaters.filter((f) => f !== taker), next.filter((p) => p !== taker));
        if (!value || candidate.shortfall < value.shortfall || (candidate.shortfall === value.shortfall && this.compareUnpaired(candidate.unpaired, value.unpaired) < 0)) value = candidate;
      }
      this.nextBrackets.set(key, value!);
    }
    return value!;
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
   * most, to a bye candidate); memoized per set of floaters.
   */
  private completes(floaters: State[]): boolean {
    if (this.isLast) return floaters.length === 0 || (floaters.length === 1 && floaters[0].byeCandidate);
    const key = floaters.map((f) => f.id).sort((a, b) => a - b).join(",");
    let value = this.completions.get(key);
    if (value === undefined) {
      value = pairable([...floaters, ...this.lower], (p) => p.byeCandidate);
      this.completions.set(key, value);
    }
    return value;
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

/**
 * Packs the value of a matching (`pairs` of these pair costs plus one vertex cost) into big
 * integers that compare as the vectors do: each entry gets as many bits as its largest total.
 */
function packCosts(pairCosts: Cost[], pairs: number, vertexCosts: Cost[]): { bits: number; pack: (cost: Cost) => bigint } {
  const size = pairCosts[0]?.length ?? vertexCosts[0]?.length ?? 0;
  const shifts: bigint[] = new Array(size).fill(0n);
  const used: number[] = [];
  let bits = 0;
  for (let c = size - 1; c >= 0; c--) {
    const most = pairs * Math.max(0, ...pairCosts.map((p) => p[c])) + Math.max(0, ...vertexCosts.map((v) => v[c]));
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

/** Numbers compared level by level: each level's sum over the pairs stays below its range. */
function lexicographic(levels: bigint[], ranges: bigint[]): bigint {
  return levels.reduce((value, level, k) => value * ranges[k] + level, 0n);
}

/** S1 choices of MDPs (4.4): the sets of M1 MDPs in the order of their smallest differing BSN. */
function* mdpSets(mdps: State[], m1: number): Generator<State[]> {
  let count = 0;
  for (const indexes of combinationsInOrder(mdps.length, m1)) {
    yield indexes.map((i) => mdps[i]);
    if (++count >= MDP_SETS_LIMIT) return;
  }
}

/** The k-subsets of 0..n-1 in lexicographic order. */
function* combinationsInOrder(n: number, k: number): Generator<number[]> {
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

/** Whether the players can all be paired (C1, C3), one of them (if odd) taking the bye if he may. */
function pairable(players: State[], mayTakeBye: (player: State) => boolean): boolean {
  if (pairsGreedily(players, mayTakeBye)) return true;
  const neighbours = graphOf(players, players.length % 2 === 1 ? mayTakeBye : null);
  return matchingSize(maximumMatching(neighbours.length, neighbours)) * 2 === neighbours.length;
}

/**
 * A quick sufficient test: each player in order meets the next one still free that he may meet
 * (the bye, if the number is odd, left to the lowest taker).
 */
function pairsGreedily(players: State[], mayTakeBye: (player: State) => boolean, mayMeet: (a: State, b: State) => boolean = () => true): boolean {
  let rest = players;
  if (players.length % 2 === 1) {
    const taker = players.findLast(mayTakeBye);
    if (!taker) return false;
    rest = players.filter((p) => p !== taker);
  }
  const free = new Set(rest);
  for (const player of rest) {
    if (!free.has(player)) continue;
    free.delete(player);
    const partner = rest.find((q) => free.has(q) && compatible(player, q) && mayMeet(player, q));
    if (!partner) return false;
    free.delete(partner);
  }
  return true;
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
