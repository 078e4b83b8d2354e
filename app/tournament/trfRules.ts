import { MAX_PLAYERS, MAX_ROUNDS } from "~/lib/limits";

/**
 * The lines of TRF-2026 that change how a round is paired (and their TRFx forerunners that pairing
 * programs still read):
 *   162  the point system: `162  W 3.0    D 1.0    L 0.0    Z 0.0    P 3.0` — a result letter in
 *        column 6 and its points in 7–10, repeated every 9 columns (W win, D draw, L loss, Z zero-point
 *        bye and forfeit loss, P pairing-allocated bye; P follows W unless given)
 *   192  the pairing system; `FIDE_DUTCH_2025_BAKU` asks for Baku acceleration (C.04.5.1)
 *   240  absences announced for a round: type (5: F, H or Z), round (7–9), players (11–14, 16–19, …)
 *   250  accelerated rounds: game points (10–13) added to players first…last (23–26, 28–31) in rounds
 *        first…last (15–17, 19–21); match points (5–8) stay empty for individual tournaments
 *   260  forbidden pairs: rounds first…last (5–7, 9–11), players (13–16, 18–21, …) who must not meet
 *   XXA  one player's virtual points round by round (JaVaFo): player (5–8), then 4 columns per round
 *   XXP  players who must not meet in any round (JaVaFo): numbers separated by spaces
 */
export type PointSystem = { win: number; draw: number; loss: number; zero: number; pab: number };
export type TrfAbsence = { type: "F" | "H" | "Z"; round: number; players: number[] };
export type TrfAcceleration = { points: number; firstRound: number; lastRound: number; firstPlayer: number; lastPlayer: number };
export type TrfForbidden = { firstRound: number; lastRound: number; players: number[] };
export type TrfRules = {
  points?: PointSystem;
  baku: boolean;
  absences: TrfAbsence[];
  accelerations: TrfAcceleration[];
  /** XXA: virtual points per player, index 0 = round 1 */
  playerAccelerations: Map<number, number[]>;
  forbidden: TrfForbidden[];
};

export const STANDARD_POINTS: PointSystem = { win: 1, draw: 0.5, loss: 0, zero: 0, pab: 1 };
export const RULE_CODES = new Set(["162", "192", "240", "250", "260", "XXA", "XXP"]);

/** Players one 260/XXP line may name: every two of them make a pair, so the pairs grow with its square. */
export const MAX_FORBIDDEN_GROUP = 100;

export const emptyRules = (): TrfRules => ({ baku: false, absences: [], accelerations: [], playerAccelerations: new Map(), forbidden: [] });

const column = (line: string, from: number, to: number) => line.slice(from - 1, to).trim();

function number(text: string, max: number, what: string, decimals = false): number {
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || value < 0 || value > max || (!decimals && !Number.isInteger(value))) throw new Error(what);
  return value;
}
const round = (text: string) => number(text, MAX_ROUNDS, `a round (1–${MAX_ROUNDS}) expected`);
const player = (text: string) => number(text, MAX_PLAYERS, "a player's start rank expected");
const points = (text: string) => number(text, 999.9, "points (0.0–999.9) expected", true);

/** Numbers every `step` columns from column `from` (4 wide), to the end of the line. */
function repeated(line: string, from: number, step: number, read: (text: string) => number): number[] {
  const values: number[] = [];
  for (let at = from; at <= line.length; at += step) {
    const text = column(line, at, at + 3);
    if (text) values.push(read(text));
  }
  return values;
}

/** Reads one rule line into `rules`; returns an error message for a line it cannot read. */
export function readRuleLine(code: string, line: string, rules: TrfRules): string | undefined {
  try {
    if (code === "162") {
      const system: PointSystem = { ...(rules.points ?? STANDARD_POINTS) };
      let pab = false;
      for (let at = 6; at <= line.length; at += 9) {
        const letter = line[at - 1];
        if (letter === " " || letter === undefined) continue;
        const value = points(column(line, at + 1, at + 4));
        if (letter === "W") system.win = value;
        else if (letter === "D") system.draw = value;
        else if (letter === "L") system.loss = value;
        else if (letter === "Z") system.zero = value;
        else if (letter === "P") [system.pab, pab] = [value, true];
        else throw new Error(`unknown result "${letter}" (W, D, L, Z or P expected)`);
        if (letter === "W" && !pab) system.pab = value;
      }
      rules.points = system;
    } else if (code === "192") {
      rules.baku = /_BAKU$/.test(line.slice(4).trim());
    } else if (code === "240") {
      const type = line[4];
      if (type !== "F" && type !== "H" && type !== "Z") throw new Error("bye type F, H or Z expected in column 5");
      rules.absences.push({ type, round: round(column(line, 7, 9)), players: repeated(line, 11, 5, player) });
    } else if (code === "250") {
      if (column(line, 5, 8) && Number(column(line, 5, 8)) !== 0) throw new Error("match points (columns 5–8) must be empty");
      const entry = {
        points: points(column(line, 10, 13)),
        firstRound: round(column(line, 15, 17)),
        lastRound: round(column(line, 19, 21)),
        firstPlayer: player(column(line, 23, 26)),
        lastPlayer: player(column(line, 28, 31)),
      };
      if (entry.firstRound > entry.lastRound || entry.firstPlayer > entry.lastPlayer) throw new Error("first round or player after the last");
      rules.accelerations.push(entry);
    } else if (code === "260") {
      const entry = { firstRound: round(column(line, 5, 7)), lastRound: round(column(line, 9, 11)), players: repeated(line, 13, 5, player) };
      if (entry.firstRound > entry.lastRound) throw new Error("first round after the last");
      if (entry.players.length < 2) throw new Error("at least two players expected");
      if (entry.players.length > MAX_FORBIDDEN_GROUP) throw new Error(`at most ${MAX_FORBIDDEN_GROUP} players per line`);
      rules.forbidden.push(entry);
    } else if (code === "XXA") {
      rules.playerAccelerations.set(player(column(line, 5, 8)), repeated(line, 10, 5, points));
    } else if (code === "XXP") {
      const players = line.slice(3).trim().split(/\s+/).filter(Boolean).map(player);
      if (players.length < 2) throw new Error("at least two players expected");
      if (players.length > MAX_FORBIDDEN_GROUP) throw new Error(`at most ${MAX_FORBIDDEN_GROUP} players per line`);
      rules.forbidden.push({ firstRound: 1, lastRound: MAX_ROUNDS, players });
    }
    return undefined;
  } catch (error) {
    return `${code}: ${(error as Error).message}`;
  }
}

/** The virtual points of every player in `round` (1-based): 250 and XXA lines, else Baku acceleration. */
export function accelerationsIn(rules: TrfRules, round: number, playerIds: number[], totalRounds: number): Map<number, number> {
  const result = new Map<number, number>();
  const manual = rules.accelerations.length > 0 || rules.playerAccelerations.size > 0;
  if (manual) {
    for (const entry of rules.accelerations) {
      if (round < entry.firstRound || round > entry.lastRound) continue;
      for (const id of playerIds) if (id >= entry.firstPlayer && id <= entry.lastPlayer) result.set(id, entry.points);
    }
    for (const [id, values] of rules.playerAccelerations) if (values[round - 1]) result.set(id, values[round - 1]);
  } else if (rules.baku) {
    for (const [id, points] of bakuAcceleration([...playerIds].sort((a, b) => a - b), round, totalRounds, rules.points ?? STANDARD_POINTS)) result.set(id, points);
  }
  return result;
}

/**
 * Baku acceleration (C.04.5.1) as bbpPairings applies it: the upper half of the players (rounded up)
 * get a win's points in the first quarter of the rounds and a draw's in the rest of the first half.
 */
export function bakuAcceleration(playersByRank: number[], round: number, totalRounds: number, system: PointSystem): Map<number, number> {
  const result = new Map<number, number>();
  const lastRound = Math.floor((totalRounds - 1) / 2);
  const index = round - 1;
  if (index > lastRound) return result;
  const points = index <= Math.floor(lastRound / 2) ? system.win : system.draw;
  const accelerated = Math.floor((playersByRank.length - 1) / 2) + 1;
  for (const id of playersByRank.slice(0, accelerated)) result.set(id, points);
  return result;
}

/** The pairs that must not meet in `round`: every two players of a 260 (or XXP) line in force then. */
export function forbiddenPairsIn(rules: TrfRules, round: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (const entry of rules.forbidden) {
    if (round < entry.firstRound || round > entry.lastRound) continue;
    entry.players.forEach((a, i) => entry.players.slice(i + 1).forEach((b) => pairs.push([a, b])));
  }
  return pairs;
}
