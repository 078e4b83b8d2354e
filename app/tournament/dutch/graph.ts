import { matchingSize, maximumMatching } from "../matching";
import { maximumWeightMatching, type WeightedEdge } from "../weightedMatching";
import { byRank, compatible, keyOfSet, type BracketResult, type State } from "./players";

/** Who can still meet whom: maximum matchings on the compatibility graph (C1, C3) and quick tests before them. */

/**
 * The last bracket when no candidate of the ordered search pairs it completely (exchanges
 * beyond those tried): a maximum matching with at most one bye to a bye candidate, so that the
 * round is complete.
 */
export function pairAnyhow(players: State[]): BracketResult | null {
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

/**
 * The compatibility graph (C1, C3) of the pairs `mayMeet` allows (by index, either way round), with
 * an extra vertex for the bye joined to those who may take it.
 */
export function graphOf(players: State[], mayTakeBye: ((player: State) => boolean) | null, mayMeet: (i: number, j: number) => boolean = () => true): number[][] {
  const n = players.length;
  const neighbours: number[][] = Array.from({ length: mayTakeBye ? n + 1 : n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (mayMeet(i, j) && compatible(players[i], players[j])) {
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

/** The most pairs among the players, of those who may meet (C1, C3) and whom `mayMeet` allows (by index, either way round). */
export function maxPairsIn(players: State[], mayMeet?: (i: number, j: number) => boolean): number {
  return matchingSize(maximumMatching(players.length, graphOf(players, null, mayMeet)));
}

/** The most MDPs that can be paired with residents at once. */
export function maxMdpPairs(mdps: State[], residents: State[]): number {
  const m = mdps.length;
  return m === 0 ? 0 : maxPairsIn([...mdps, ...residents], (i, j) => i < m !== j < m);
}

/**
 * The next bracket on its own with these downfloaters (who do not meet each other there): the pairs
 * it falls short of, the downfloaters it cannot pair when as many of the highest as possible are
 * paired, and one maximum matching that does both (each player's partner among
 * [...floaters, ...residents], or -1). Any set of downfloaters that some matching pairs with
 * residents is chosen greedily from the highest score down (a transversal matroid), and augmenting
 * paths then complete it to a maximum matching without unpairing any of them.
 */
export function nextBracketAlone(floaters: State[], residents: State[]): { shortfall: number; unpaired: State[]; mate: Int32Array } {
  const players = [...floaters, ...residents];
  const f = floaters.length;
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
  const index = new Map(players.map((player, i) => [player, i]));
  const initial = new Int32Array(players.length).fill(-1);
  for (const [resident, floater] of partnerOf) {
    const [r, x] = [index.get(resident)!, index.get(floater)!];
    [initial[r], initial[x]] = [x, r];
  }
  const mate = maximumMatching(players.length, graphOf(players, null, (i, j) => i >= f || j >= f), initial);
  return { shortfall: Math.floor(players.length / 2) - matchingSize(mate), unpaired, mate };
}

/** Whether the players can all be paired (C1, C3), one of them (if odd) taking the bye if he may. */
export function pairable(players: State[], mayTakeBye: (player: State) => boolean): boolean {
  if (pairsGreedily([players], mayTakeBye)) return true;
  const neighbours = graphOf(players, players.length % 2 === 1 ? mayTakeBye : null);
  return matchingSize(maximumMatching(neighbours.length, neighbours)) * 2 === neighbours.length;
}

/**
 * The players below a bracket, of whom C4 asks again and again whether they and a few players above (downfloaters,
 * the next bracket's last) can all be paired, one of them (if odd) taking the bye if he is a bye candidate: the
 * answers kept per set of players above; each found from one maximum matching of these players alone, kept with their
 * compatibility graph, and completed by augmenting paths (pairable's answer, without a graph of the whole rest of the
 * round for every set).
 */
export class RestOfRound {
  private graph: number[][] | null = null;
  private matching: Int32Array | null = null;
  private readonly answers = new Map<string, boolean>();
  private readonly tails = new Map<number, RestOfRound>();
  constructor(readonly players: State[]) {}

  /** The players from the k-th on (below the next bracket, when these are below this one), kept as these are. */
  from(k: number): RestOfRound {
    let tail = this.tails.get(k);
    if (!tail) {
      tail = new RestOfRound(this.players.slice(k));
      this.tails.set(k, tail);
    }
    return tail;
  }

  pairableWith(above: State[]): boolean {
    const key = keyOfSet(above);
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = this.answer(above);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private answer(above: State[]): boolean {
    const mayTakeBye = (p: State) => p.byeCandidate;
    if (pairsGreedily([above, this.players], mayTakeBye)) return true;
    const rest = this.players;
    const graph = (this.graph ??= graphOf(rest, null));
    const matching = (this.matching ??= maximumMatching(rest.length, graph));
    // vertices: the players below (their graph kept), then those above, then the bye when the number is odd
    const r = rest.length;
    const n = r + above.length;
    const bye = n % 2 === 1 ? n : -1;
    const all = [...rest, ...above];
    // what each player below adds: those above he may meet and the bye he may take; most add the
    // same, as one shared list
    const everyAbove = above.map((_, j) => r + j);
    const shared = [everyAbove, [...everyAbove, bye]];
    const more: number[][] = rest.map((p) => {
      const takesBye = bye >= 0 && mayTakeBye(p);
      if (above.every((q) => compatible(p, q))) return shared[takesBye ? 1 : 0];
      const own = everyAbove.filter((_, j) => compatible(p, above[j]));
      return takesBye ? [...own, bye] : own;
    });
    for (let i = r; i < n; i++) more.push(all.flatMap((q, j) => (j !== i && compatible(all[i], q) ? [j] : [])));
    if (bye >= 0) {
      more.push(all.flatMap((p, i) => (mayTakeBye(p) ? [i] : [])));
      for (let i = r; i < n; i++) if (mayTakeBye(all[i])) more[i].push(bye);
    }
    const size = more.length;
    const initial = new Int32Array(size).fill(-1);
    initial.set(matching);
    const mate = maximumMatching(size, [...graph, ...more.slice(r).map(() => [])], initial, more);
    return matchingSize(mate) * 2 === size;
  }
}

/**
 * A quick sufficient test: each player in order (those of the first list, then of the second)
 * meets the next one still free that he may meet (the bye, if the number is odd, left to the
 * lowest taker).
 */
export function pairsGreedily(
  [first, second = []]: readonly [readonly State[], (readonly State[])?],
  mayTakeBye: (player: State) => boolean,
  mayMeet: (a: State, b: State) => boolean = () => true,
): boolean {
  const count = first.length + second.length;
  const at = (i: number) => (i < first.length ? first[i] : second[i - first.length]);
  const taken = new Uint8Array(count);
  if (count % 2 === 1) {
    let taker = count - 1;
    while (taker >= 0 && !mayTakeBye(at(taker))) taker--;
    if (taker < 0) return false;
    taken[taker] = 1;
  }
  for (let i = 0; i < count; i++) {
    if (taken[i]) continue;
    let j = i + 1;
    while (j < count && (taken[j] || !compatible(at(i), at(j)) || !mayMeet(at(i), at(j)))) j++;
    if (j === count) return false;
    taken[j] = 1;
  }
  return true;
}

/**
 * The most players whose whole remainder the look-ahead of C8 weighs inside the completion at once
 * (blossom on big integers); beyond it, only where nextBracketShown cannot show the value.
 */
const COMPLETION_LOOKAHEAD_MAX = 120;

/**
 * C8 inside C4: the next bracket's pairs with these downfloaters, counted only among pairings that
 * complete the round (every remaining player paired, at most one bye to a bye candidate), as the
 * endorsed engines score it. One maximum-weight matching over the downfloaters and all lower
 * players: completing weighs most, then pairs inside the next bracket (downfloaters do not meet
 * each other there), then downfloaters paired there, the higher scores first. Null when the round
 * cannot be completed with these downfloaters (C4 refuses them anyway).
 *
 * Where the round is larger than COMPLETION_LOOKAHEAD_MAX players, the value shown without that
 * matching (nextBracketShown) is taken when there is one.
 *
 * With `choice`, `count` more downfloaters are any of `from` (the others stay: a vertex per stayer
 * takes one of them): the best C8 any such choice could have, a bound for a bracket whose sets of
 * downfloaters are too many to try.
 */
export function nextBracketWithin(floaters: State[], next: State[], rest: RestOfRound, choice?: { from: State[]; count: number }): { shortfall: number; unpaired: State[] } | null {
  if (!choice && pairsAllAhead(floaters, next, rest)) return { shortfall: 0, unpaired: [] };
  if (!choice && floaters.length + next.length + rest.players.length > COMPLETION_LOOKAHEAD_MAX) {
    const shown = nextBracketShown(floaters, next, rest);
    if (shown) return shown;
  }
  const movers = [...floaters, ...(choice?.from ?? [])];
  const stayers = choice ? choice.from.length - choice.count : 0;
  const players = [...movers, ...next, ...rest.players];
  const n = players.length;
  const f = movers.length;
  const p = f + next.length;
  // the next bracket and the round as they are once the stayers are gone
  const nextSize = p - stayers;
  const scores = [...new Set(movers.map((x) => x.score))].sort((a, b) => b - a);
  const base = BigInt(f + 1);
  // A downfloater paired in the next bracket (or given the bye) is worth more the higher his score.
  const floaterWeight = (i: number) => (i < f ? base ** BigInt(scores.length - 1 - scores.indexOf(players[i].score)) : 0n);
  const pair = base ** BigInt(scores.length);
  const complete = pair * BigInt(n + 2);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!compatible(players[i], players[j])) continue;
      const inNext = j < p && !(i < f && j < f);
      edges.push([i, j, complete + (inNext ? pair + floaterWeight(i) + floaterWeight(j) : 0n)]);
    }
  }
  const bye = (n - stayers) % 2 === 1 ? n : -1;
  if (bye >= 0) {
    // The bye in the next bracket spares it a pair when it has an even number of players.
    players.forEach((player, i) => {
      if (player.byeCandidate) edges.push([i, bye, complete + (i < p ? (nextSize % 2 === 0 ? pair : 0n) + floaterWeight(i) : 0n)]);
    });
  }
  const firstStayer = n + (bye >= 0 ? 1 : 0);
  for (let k = 0; k < stayers; k++) for (let i = floaters.length; i < f; i++) edges.push([i, firstStayer + k, complete]);
  const mate = maximumWeightMatching(firstStayer + stayers, edges, true);
  if (mate.some((m) => m < 0)) return null;
  const taker = bye >= 0 ? mate[bye] : -1;
  const moves = (i: number) => mate[i] < firstStayer;
  let pairs = 0;
  for (let i = 0; i < p; i++) if (mate[i] > i && mate[i] < p && !(i < f && mate[i] < f)) pairs++;
  const shortfall = Math.floor((nextSize - (taker >= 0 && taker < p ? 1 : 0)) / 2) - pairs;
  const unpaired = movers.filter((_, i) => moves(i) && i !== taker && !(mate[i] >= f && mate[i] < p)).sort(byRank);
  return { shortfall, unpaired };
}

/**
 * A quick sufficient test for the best look-ahead: the next bracket (downfloaters first, who do not
 * meet each other) pairs greedily, leaving at most its last resident over, and he and the rest
 * complete the round.
 */
function pairsAllAhead(floaters: State[], next: State[], rest: RestOfRound): boolean {
  const players = [...floaters, ...next];
  const left = players.length % 2 === 1 ? next.at(-1) : undefined;
  const apart = (a: State, b: State) => !(floaters.includes(a) && floaters.includes(b));
  return pairsGreedily([players], (p) => p === left, apart) && rest.pairableWith(left ? [left] : []);
}

/**
 * C8 inside C4 shown without a matching over the rest of the round: the next bracket's best on its
 * own (nextBracketAlone: no pairing that completes the round does better) is the value when one of
 * its best matchings leaves players who complete the round with the rest. Null where that matching
 * does not, or where the bye, taken inside the next bracket, could spare it a pair or pair a
 * downfloater that its best on its own leaves over.
 */
function nextBracketShown(floaters: State[], next: State[], rest: RestOfRound): { shortfall: number; unpaired: State[] } | null {
  const players = [...floaters, ...next];
  const { shortfall, unpaired, mate } = nextBracketAlone(floaters, next);
  const best = shortfall === 0 && unpaired.length === 0;
  if ((players.length + rest.players.length) % 2 === 1 && !best && players.some((p) => p.byeCandidate)) return null;
  const leftover = players.filter((_, i) => mate[i] < 0);
  return rest.pairableWith(leftover) ? { shortfall, unpaired } : null;
}
