import type { Pairing } from "./types";

/**
 * Round robin by the FIDE Berger tables (C.05, Annex 1). With an odd number of players the
 * table of the next even size is used and the player who would meet the last number has a
 * bye. In round r the last player meets (r+1)/2 (odd r, with black) or r/2 + n/2 (even r, with
 * white); the other pairs {i, j} have i + j ≡ r + 1 (mod n − 1), the white player being the one
 * from whom the other is an odd number of steps ahead; boards start with the last player's game.
 * A double round robin repeats the table with colours reversed.
 */
export type RoundRobinRound = { round: number; pairings: Pairing[]; bye?: number };

export function bergerTable(players: number, double = false): RoundRobinRound[] {
  if (players < 2) return [];
  const n = players % 2 === 0 ? players : players + 1;
  const m = n - 1;
  const cycle = (value: number) => ((((value - 1) % m) + m) % m) + 1;
  const rounds: RoundRobinRound[] = [];
  for (let r = 1; r <= m; r++) {
    const opponentOfLast = r % 2 === 1 ? (r + 1) / 2 : r / 2 + n / 2;
    const boards: Pairing[] = [r % 2 === 1 ? { white: opponentOfLast, black: n } : { white: n, black: opponentOfLast }];
    for (let k = 1; k < n / 2; k++) {
      const white = cycle(opponentOfLast + k);
      const black = cycle(r + 1 - white);
      boards.push({ white, black });
    }
    const bye = n !== players ? boards.find((b) => b.white === n || b.black === n) : undefined;
    rounds.push({
      round: r,
      pairings: boards.filter((b) => b !== bye),
      ...(bye ? { bye: bye.white === n ? bye.black : bye.white } : {}),
    });
  }
  if (!double) return rounds;
  return [
    ...rounds,
    ...rounds.map((round) => ({
      ...round,
      round: round.round + m,
      pairings: round.pairings.map(({ white, black }) => ({ white: black, black: white })),
    })),
  ];
}
