import type { Pairing } from "./types";

/**
 * Team competitions (form 1): teams with ordered boards. A team match gives board pairings
 * with colours alternating by board (the first-named team has white on boards 1, 3, ...),
 * match points (2 win, 1 draw, 0 loss) and board points. The Scheveningen system has each
 * player of one team meet every player of the other.
 */
export type Team = { id: number; players: number[] };

export function boardPairings(home: Team, away: Team): Pairing[] {
  const boards = Math.min(home.players.length, away.players.length);
  return Array.from({ length: boards }, (_, b) =>
    b % 2 === 0 ? { white: home.players[b], black: away.players[b] } : { white: away.players[b], black: home.players[b] },
  );
}

export function matchPoints(boardPoints: number, opponentBoardPoints: number): number {
  return boardPoints > opponentBoardPoints ? 2 : boardPoints === opponentBoardPoints ? 1 : 0;
}

/**
 * Scheveningen: with n boards, n rounds; in round r board i of team A meets board ((i + r − 2) mod n) + 1
 * of team B. Colours alternate by board and flip every second round, so that with 4 or 8 boards
 * every player of both teams has white in half of the rounds.
 */
export function scheveningen(a: Team, b: Team): { round: number; pairings: Pairing[] }[] {
  const n = Math.min(a.players.length, b.players.length);
  return Array.from({ length: n }, (_, r) => ({
    round: r + 1,
    pairings: Array.from({ length: n }, (_, i) => {
      const home = a.players[i];
      const away = b.players[(i + r) % n];
      return (i + Math.floor(r / 2)) % 2 === 0 ? { white: home, black: away } : { white: away, black: home };
    }),
  }));
}
