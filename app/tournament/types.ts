/**
 * Plain data of the tournament engine: no database, no framework. Players are identified by
 * their pairing number (starting rank, 1-based); rounds are 1-based.
 */
export type Colour = "w" | "b";

/**
 * What happened to one player in one round:
 *  - game: a played game (points 1, 0.5 or 0)
 *  - forfeit: a game decided without play (win + or loss −); counts as not played
 *  - pab: pairing-allocated bye (C.04.1: no opponent, no colour, the points of a win unless set otherwise)
 *  - bye: a requested or zero-point bye (half-point bye, absent, withdrawn)
 */
export type RoundEntry =
  | { kind: "game"; opponent: number; colour: Colour; points: number }
  | { kind: "forfeit"; opponent: number; colour: Colour; points: number }
  | { kind: "pab"; points: number }
  | { kind: "bye"; points: number };

export type PlayerRecord = {
  /** pairing number */
  id: number;
  /** entries of the rounds played so far, index 0 = round 1 (missing rounds: not yet in the tournament) */
  rounds: (RoundEntry | undefined)[];
};

export type Pairing = { white: number; black: number };

export type RoundPairing = {
  /** boards in order (board 1 first) */
  pairings: Pairing[];
  /** the player who receives the pairing-allocated bye ("Spielfrei") */
  bye?: number;
};

/** The placeholder player shown for a bye (spec §3). */
export const BYE_PLAYER_NAME = "Spielfrei";

export function score(record: PlayerRecord, untilRound = record.rounds.length): number {
  let total = 0;
  for (let r = 0; r < untilRound; r++) total += record.rounds[r]?.points ?? 0;
  return total;
}
