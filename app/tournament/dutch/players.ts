import { allocateColour, opposite, type ColourState } from "../colours";
import type { Colour } from "../types";

/**
 * What the Dutch system knows of a player when pairing a round (score, colours, opponents, bye
 * eligibility, floats), and the context the brackets share.
 */

/** The float a player received in a round (1.4). */
export type Float = "down" | "up" | undefined;

export type State = {
  id: number;
  /** the pairing number colours are allocated by (5.2.5): rank among the players of the round and those paired before */
  pairingNumber: number;
  /** the score the player is paired with: points so far and this round's virtual points (acceleration) */
  score: number;
  /** points so far, without virtual points (board order) */
  points: number;
  colour: ColourState;
  /** the players this one must not meet: opponents of played games (C1) and forbidden pairs */
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

export const byRank = (a: State, b: State) => b.score - a.score || a.id - b.id;

/** A set of players as a key, whatever their order (answers kept per set of downfloaters). */
export const keyOfSet = (players: State[]) => players.map((p) => p.id).sort((a, b) => a - b).join(",");

export function groupByScore(players: State[]): State[][] {
  const groups: State[][] = [];
  for (const player of players) {
    const last = groups.at(-1);
    if (last && last[0].score === player.score) last.push(player);
    else groups.push([player]);
  }
  return groups;
}

/** C1 and C3: may the two players meet at all? */
export function compatible(a: State, b: State): boolean {
  if (a.opponents.has(b.id)) return false;
  return !(
    !a.topscorer &&
    !b.topscorer &&
    a.colour.strength === "absolute" &&
    b.colour.strength === "absolute" &&
    a.colour.preference === b.colour.preference
  );
}

export class Context {
  constructor(
    readonly initialColour: Colour,
    readonly matchingAfter: number,
    readonly floaterSetsWork: number,
  ) {}

  /** Colour of the higher-ranked player of a pair (5.2). */
  colourOf(high: State, low: State): Colour {
    return allocateColour(high, low, this.initialColour);
  }

  /** C10–C13 of one pair, as which of their 81 values (COLOUR_COSTS) it takes. */
  colourCost(x: State, y: State): number {
    const high = byRank(x, y) <= 0 ? x : y;
    const low = high === x ? y : x;
    const highColour = this.colourOf(high, low);
    const top = high.topscorer || low.topscorer;
    return colourCostOf(high.colour, highColour, top) + colourCostOf(low.colour, opposite(highColour), top);
  }
}

/**
 * C10 a topscorer (or opponent) beyond a colour difference of 2, C11 the same colour a third time
 * in a row, C12 a colour preference not granted, C13 a strong preference not granted (when both
 * players' preferences are absolute, as only topscorers may have them here, C13 counts nothing):
 * each counts at most the pair's two players, so a pair's four take one of 81 values, kept once.
 */
export const COLOUR_COSTS: readonly (readonly number[])[] = Array.from({ length: 81 }, (_, code) => [code % 3, Math.floor(code / 3) % 3, Math.floor(code / 9) % 3, Math.floor(code / 27)]);

/** One player's part of C10–C13 given this colour, as the index of COLOUR_COSTS it adds. */
function colourCostOf(c: ColourState, colour: Colour, top: boolean): number {
  let code = 0;
  if (top) {
    if (Math.abs(c.difference + (colour === "w" ? 1 : -1)) > 2) code += 1;
    if (c.history.length >= 2 && c.history.at(-1) === colour && c.history.at(-2) === colour) code += 3;
  }
  if (c.preference && c.preference !== colour) {
    code += 9;
    if (c.strength === "strong") code += 27;
  }
  return code;
}

export type BracketResult = { pairs: [State, State][]; floaters: State[] };
