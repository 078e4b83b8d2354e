import { colourState, initialColourOf } from "./colours";
import { BracketSearch, LARGE_BRACKET } from "./dutch/bracket";
import { compare, Layout, type Cost } from "./dutch/cost";
import { maxMdpPairs, maxPairsIn, pairable, pairAnyhow, RestOfRound } from "./dutch/graph";
import { byRank, Context, groupByScore, type BracketResult, type Float, type State } from "./dutch/players";
import { engineError, engineOk, type EngineResult } from "./errors";
import { score, type Colour, type Pairing, type PlayerRecord, type RoundPairing } from "./types";

/**
 * FIDE (Dutch) System, C.04.3 in the edition approved in 2025 (applied from 1 February 2026),
 * with the basic and general rules C.04.1/C.04.2 of the same edition. Checked round by round
 * against bbpPairings v6 (testdata/dutch-2026).
 *
 * Brackets are paired from the top scoregroup down. In each bracket the candidates are
 * generated in the order of Article 4 (sets of moved-down players by their smallest differing
 * BSN, transpositions of S2, then resident exchanges of the remainder) and the first candidate
 * with the best value of the criteria is chosen (3.8). The same candidate is found faster: the
 * first one at once when nothing can be better; where a candidate's value is a sum over its pairs
 * and at most one resident downfloater, as an assignment on plain numbers (when its potentials
 * prove no exchange cheaper), else by weighted matchings (criteria first, then the order of
 * generation, packed into each pair's weight); with several resident downfloaters, by trying
 * every set of them (dutch/bracket.ts, dutch/assignment.ts). The criteria:
 *   absolute   C1 no rematch, C2 no second PAB (nor after a win's points without playing),
 *              C3 non-topscorers with the same absolute colour preference never meet
 *   completion C4 the players not yet paired can still all be paired
 *   PAB        C5 the PAB goes to a player with the lowest score possible (fixed before the first bracket)
 *   quality    C6 most pairs, C7 lowest scores of the downfloaters (in descending order),
 *              C8 downfloaters that let the next bracket pair the most players,
 *              C9 fewest unplayed games of the PAB assignee, C10–C13 colours,
 *              C14–C17 repeated floats, C18–C21 their scores
 * C8 looks one bracket ahead, inside C4: its pairs, then the downfloaters it pairs by score, among
 * its pairings that let the round be completed. Where the proofs above fail, a weighted matching over
 * the bracket and every player below it decides (as bbpPairings pairs every bracket, and as slow);
 * so is a choice of which MDPs to pair made. Every bracket is decided exactly, whatever its size.
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
  /** points of a win (for topscorers and bye eligibility), a draw (topscorers) and a loss (floats of unplayed rounds): 1, ½, 0 unless given */
  winPoints?: number;
  drawPoints?: number;
  lossPoints?: number;
  /**
   * virtual points of accelerated pairings (C.04.5; TRF-2026 250, Baku): a player's extra points in a
   * round (1-based), counted in the score he is paired with that round (not in the standings)
   */
  acceleration?: (id: number, round: number) => number;
  /** pairs of players who must not meet this round (TRF-2026 260: same family or club), an absolute criterion like C1 */
  forbidden?: [number, number][];
  /**
   * steps of the ordered search in a bracket before a weighted matching decides it (where the
   * bracket's value allows; default 2000; 0: decide every such bracket by matching)
   */
  matchingAfter?: number;
  /**
   * work allowed to try every set of downfloaters when several residents downfloat (sets ×
   * players²; default 2·10⁷; 0: float vertices or the ordered search decide such brackets)
   */
  floaterSetsWork?: number;
};

const MATCHING_AFTER = 2_000;
const FLOATER_SETS_WORK = 20_000_000;

/** One bracket as it was paired: its players, the candidate chosen, and the search that can value others. */
export type BracketTrace = { score: number; mdps: State[]; residents: State[]; result: BracketResult; search: BracketSearch | null; context: Context };

export function pairDutch(input: DutchInput, onBracket?: (bracket: BracketTrace) => void): EngineResult<RoundPairing> {
  const states = buildStates(input);
  const present = input.present.map((id) => states.get(id)).filter((s): s is State => s !== undefined);
  present.sort(byRank);
  if (present.length === 0) return engineOk({ pairings: [] });
  if (present.length % 2 === 1) {
    const byeScore = lowestByeScore(present);
    if (byeScore === undefined) return engineError({ code: "pairingsNotPossible", reason: "no player who may receive the bye leaves the others pairable" });
    for (const player of present) player.byeCandidate = player.byeEligible && player.score <= byeScore;
  }
  const context = new Context(input.initialColour ?? initialColourOf(input.players) ?? "w", input.matchingAfter ?? MATCHING_AFTER, input.floaterSetsWork ?? FLOATER_SETS_WORK);
  const groups = groupByScore(present);
  const pairs: [State, State][] = [];
  let floaters: State[] = [];
  for (let g = 0; g < groups.length; g++) {
    const lower = groups.slice(g + 1).flat();
    const mdps = floaters;
    const paired = pairBracket(context, mdps, groups[g], lower, groups[g + 1] ?? null);
    if (!paired) return engineError({ code: "pairingsNotPossible", reason: `no pairing of the score group ${groups[g][0].score} leaves the rest pairable` });
    const { result, search } = paired;
    onBracket?.({ score: groups[g][0].score, mdps, residents: groups[g], result, search, context });
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
  const lossPoints = input.lossPoints ?? 0;
  const finalRound = input.round === input.totalRounds;
  const maxScore = (input.round - 1) * Math.max(winPoints, input.drawPoints ?? winPoints / 2);
  const acceleration = input.acceleration ?? (() => 0);
  // the score a player was paired with in a round (1-based): points before it and that round's virtual points
  const pairedScore = (record: PlayerRecord, round: number) => score(record, round - 1) + acceleration(record.id, round);
  const byId = new Map(input.players.map((p) => [p.id, p]));
  // 1.4: a game between different scores floats both players; so does an unplayed round scoring more than a loss.
  const floatIn = (record: PlayerRecord, roundIndex: number): Float => {
    const entry = record.rounds[roundIndex];
    if (!entry) return undefined;
    if (entry.kind !== "game") return entry.points > lossPoints ? "down" : undefined;
    const opponent = byId.get(entry.opponent);
    if (!opponent) return undefined;
    const own = pairedScore(record, roundIndex + 1);
    const theirs = pairedScore(opponent, roundIndex + 1);
    return own > theirs ? "down" : own < theirs ? "up" : undefined;
  };
  const states = new Map<number, State>();
  const forbidden = new Map<number, number[]>();
  for (const [a, b] of input.forbidden ?? []) {
    forbidden.set(a, [...(forbidden.get(a) ?? []), b]);
    forbidden.set(b, [...(forbidden.get(b) ?? []), a]);
  }
  const present = new Set(input.present);
  const takesPart = (record: PlayerRecord) =>
    present.has(record.id) || record.rounds.slice(0, input.round - 1).some((entry) => entry && entry.kind !== "bye");
  let pairingNumber = 0;
  for (const record of [...input.players].sort((a, b) => a.id - b.id)) {
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
    const current = pairedScore(record, input.round);
    if (takesPart(record)) pairingNumber++;
    const mustNotMeet = forbidden.get(record.id);
    states.set(record.id, {
      id: record.id,
      pairingNumber,
      score: current,
      points: score(record, input.round - 1),
      colour: colourState({ id: record.id, rounds: record.rounds.slice(0, input.round - 1) }),
      opponents: mustNotMeet ? new Set([...opponents, ...mustNotMeet]) : opponents,
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

function pairBracket(context: Context, mdps: State[], residents: State[], lower: State[], next: State[] | null): { result: BracketResult; search: BracketSearch | null } | null {
  const isLast = next === null;
  const all = [...mdps, ...residents];
  const maxScore = all.reduce((m, p) => Math.max(m, p.score), residents[0].score);
  const layout = new Layout(maxScore, Math.round((maxScore - residents[0].score) * 2) + 1);
  // Large brackets almost always pair completely; a failed target simply falls to the next one.
  const maxPairs = all.length > LARGE_BRACKET ? Math.floor(all.length / 2) : maxPairsIn(all);
  const mdpPairs = maxMdpPairs(mdps, residents);
  const nextBrackets = new Map<string, { shortfall: number; unpaired: State[] }>();
  const below = new RestOfRound(lower);
  for (let target = maxPairs; target >= 0; target--) {
    // M1: as many MDPs paired as the pairs allow, unless fewer float lower scores (C7: pairing one MDP of a high score
    // may float two of lower scores) or no such candidate completes the round. Among equal values the most MDPs.
    let best: { result: BracketResult; search: BracketSearch; cost: Cost } | null = null;
    for (let m1 = Math.min(mdpPairs, target); m1 >= Math.max(0, 2 * target - residents.length); m1--) {
      const search = new BracketSearch(context, layout, mdps, residents, below, next, target, m1, nextBrackets);
      if (best && compare(search.bestPossible, best.cost) >= 0) continue;
      const result = search.run();
      const value = result && search.evaluate(result.pairs, result.floaters);
      if (value && "cost" in value && (!best || compare(value.cost, best.cost) < 0)) best = { result: result!, search, cost: value.cost };
    }
    if (best) return { result: best.result, search: best.search };
  }
  const anyhow = isLast ? pairAnyhow(all) : null;
  return anyhow ? { result: anyhow, search: null } : null;
}

/**
 * Boards (C.04.2): by the higher player's score, then the lower player's, then the higher player's
 * rank; scores without virtual points. Colours go by the scores the round was paired with.
 */
function boardOrder(context: Context, pairs: [State, State][]): Pairing[] {
  const byPoints = (a: State, b: State) => b.points - a.points || a.id - b.id;
  const ordered = pairs.map(([x, y]) => (byPoints(x, y) <= 0 ? [x, y] : [y, x]) as [State, State]);
  ordered.sort(([a1, a2], [b1, b2]) => b1.points - a1.points || b2.points - a2.points || a1.id - b1.id);
  return ordered.map(([x, y]) => {
    const [high, low] = byRank(x, y) <= 0 ? [x, y] : [y, x];
    const colour = context.colourOf(high, low);
    return colour === "w" ? { white: high.id, black: low.id } : { white: low.id, black: high.id };
  });
}
