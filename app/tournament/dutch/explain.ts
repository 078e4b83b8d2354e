import { colourDecision, type ColourRule } from "../colours";
import { pairDutch, type BracketTrace, type DutchInput } from "../dutch";
import type { EngineResult } from "../errors";
import type { Pairing, PlayerRecord } from "../types";
import { compare } from "./cost";
import { byRank, type State } from "./players";

/**
 * Why a round was paired so: for every board, the bracket it was made in, who floated, the partner
 * the handbook's order offered first and the criterion that ruled it out, and the colour rule. It
 * answers 'wrong pairing' complaints that are correct Dutch. The alternative to the chosen pair is
 * the chosen candidate with the two partners exchanged (or the floater exchanged), valued with the
 * bracket's own criteria.
 */
export type Reason =
  /** the pair is the first the bracket's order offers */
  | { kind: "natural" }
  /** the first partner offered was ruled out: they played (round), both need the same colour (C3), or must not meet */
  | { kind: "rematch"; players: [number, number]; round: number }
  | { kind: "sameAbsoluteColour"; players: [number, number] }
  | { kind: "forbidden"; players: [number, number] }
  /** with the first partner offered the rest of the round could not be paired (C4) */
  | { kind: "completion" }
  /** the first partner offered made this criterion worse */
  | { kind: "criterion"; criterion: string }
  /** as good by every criterion: the order of the candidates (C.04.3 4.2–4.4) decided */
  | { kind: "order" };

export type BoardExplanation = {
  board: number;
  white: number;
  black: number;
  /** the score group the board was paired in, its size, who moved down into it and who floated down from it */
  bracket: { score: number; players: number; movedDown: number[]; floatedDown: number[] };
  /** the players of this board who came down from a higher score group, with the score they had */
  floaters: { id: number; score: number }[];
  /** the higher-ranked player and the partner the bracket's order offered him first (when not his opponent) */
  higher: number;
  offered?: number;
  reason: Reason;
  colour: ColourRule;
};

export type RoundExplanation = { boards: BoardExplanation[]; bye?: { id: number; score: number } };

export function explainRound(input: DutchInput): EngineResult<RoundExplanation> {
  const brackets: BracketTrace[] = [];
  const result = pairDutch(input, (bracket) => brackets.push(bracket));
  if (!result.ok) return result;
  const records = new Map(input.players.map((p) => [p.id, p]));
  const boards = result.value.pairings.map((pairing, i) => explainBoard(pairing, i + 1, brackets, records));
  const bracketOfBye = brackets.at(-1);
  const byeState = bracketOfBye && [...bracketOfBye.mdps, ...bracketOfBye.residents].find((p) => p.id === result.value.bye);
  return { ok: true, value: { boards, ...(byeState ? { bye: { id: byeState.id, score: byeState.score } } : {}) } };
}

function explainBoard(pairing: Pairing, board: number, brackets: BracketTrace[], records: Map<number, PlayerRecord>): BoardExplanation {
  const bracket = brackets.find((b) => b.result.pairs.some(([x, y]) => [x.id, y.id].includes(pairing.white) && [x.id, y.id].includes(pairing.black)))!;
  const pair = bracket.result.pairs.find(([x, y]) => [x.id, y.id].includes(pairing.white))!;
  const [high, low] = byRank(pair[0], pair[1]) <= 0 ? pair : [pair[1], pair[0]];
  const offered = offeredPartner(bracket, high);
  const base = {
    board,
    white: pairing.white,
    black: pairing.black,
    bracket: {
      score: bracket.score,
      players: bracket.mdps.length + bracket.residents.length,
      movedDown: bracket.mdps.map((p) => p.id),
      floatedDown: bracket.result.floaters.map((p) => p.id),
    },
    floaters: [high, low].filter((p) => p.score > bracket.score).map((p) => ({ id: p.id, score: p.score })),
    higher: high.id,
    colour: colourDecision(high, low, bracket.context.initialColour).rule,
  };
  if (!offered || offered === low) return { ...base, reason: { kind: "natural" } };
  return { ...base, offered: offered.id, reason: whyNot(bracket, high, low, offered, records) };
}

/**
 * The partner the handbook's order offers a player first: in a heterogeneous bracket the i-th
 * moved-down player paired gets the i-th resident; in the rest (or a homogeneous bracket), S1[i]
 * gets S2[i] and S2[i] gets S1[i].
 */
function offeredPartner(bracket: BracketTrace, player: State): State | undefined {
  const { pairs } = bracket.result;
  const mdps = new Set(bracket.mdps);
  const pairedMdps = pairs.flatMap(([x, y]) => [x, y]).filter((p) => mdps.has(p)).sort(byRank);
  const residents = [...bracket.residents].sort(byRank);
  const mdpIndex = pairedMdps.indexOf(player);
  if (mdpIndex >= 0) return residents[mdpIndex];
  const partnerOfMdp = new Set(pairs.filter(([x, y]) => mdps.has(x) || mdps.has(y)).flatMap(([x, y]) => [x, y]));
  const remainder = residents.filter((p) => !partnerOfMdp.has(p));
  const remainderPairs = pairs.length - pairedMdps.length;
  const s1 = remainder.slice(0, remainderPairs);
  const s2 = remainder.slice(remainderPairs);
  const i = s1.indexOf(player);
  if (i >= 0) return s2[i];
  const j = s2.indexOf(player);
  return j >= 0 ? s1[j] : undefined;
}

function whyNot(bracket: BracketTrace, high: State, low: State, offered: State, records: Map<number, PlayerRecord>): Reason {
  const { pairs, floaters } = bracket.result;
  const offeredPair = pairs.find(([x, y]) => x === offered || y === offered);
  // the chosen candidate with the partners exchanged: high–offered, and low takes offered's place
  const alternativePairs: [State, State][] = pairs
    .filter((p) => p !== offeredPair && !(p.includes(high) && p.includes(low)))
    .concat([[high, offered]]);
  let alternativeFloaters = floaters;
  if (offeredPair) alternativePairs.push([low, offeredPair[0] === offered ? offeredPair[1] : offeredPair[0]]);
  else alternativeFloaters = floaters.map((f) => (f === offered ? low : f));
  if (!bracket.search) return { kind: "order" };
  const value = bracket.search.evaluate(alternativePairs, alternativeFloaters);
  if ("incompatible" in value) return incompatibility(value.incompatible, records);
  if ("incomplete" in value) return { kind: "completion" };
  const chosen = bracket.search.evaluate(pairs, floaters);
  if (!("cost" in chosen)) return { kind: "order" };
  const k = value.cost.findIndex((v, i) => v !== chosen.cost[i]);
  if (k < 0 || compare(value.cost, chosen.cost) < 0) return { kind: "order" };
  return { kind: "criterion", criterion: bracket.search.layout.criterionAt(k) };
}

function incompatibility([x, y]: [State, State], records: Map<number, PlayerRecord>): Reason {
  const players: [number, number] = [x.id, y.id];
  const met = records.get(x.id)?.rounds.findIndex((entry) => entry?.kind === "game" && entry.opponent === y.id) ?? -1;
  if (met >= 0) return { kind: "rematch", players, round: met + 1 };
  if (x.colour.strength === "absolute" && y.colour.strength === "absolute" && x.colour.preference === y.colour.preference) return { kind: "sameAbsoluteColour", players };
  return { kind: "forbidden", players };
}
