import { seededRandom } from "~/chess/random";
import { pairDutch } from "~/tournament/dutch";
import type { Pairing, PlayerRecord } from "~/tournament/types";

export type PlayedRound = { pairings: Pairing[]; results: ("WHITE_WINS" | "DRAW" | "BLACK_WINS")[]; ms: number };

/**
 * The benchmarks' Swiss: `size` players (1 the highest rated), all present every round, each round paired by the
 * engine and played with random results (white wins, a draw, black wins, a third each), with how long the engine
 * took to pair it. The same seed gives the same tournament (the page benchmarks' is 500 players, 9 rounds, seed 42).
 */
export function playedSwiss(size: number, rounds: number, seed: number): PlayedRound[] {
  const records: PlayerRecord[] = Array.from({ length: size }, (_, i) => ({ id: i + 1, rounds: [] }));
  const random = seededRandom(seed);
  const played: PlayedRound[] = [];
  for (let round = 1; round <= rounds; round++) {
    const start = performance.now();
    const pairing = pairDutch({ players: records, present: records.map((r) => r.id), round, totalRounds: rounds });
    const ms = performance.now() - start;
    if (!pairing.ok) throw new Error(pairing.error.code);
    const results = pairing.value.pairings.map((p) => {
      const result = (["WHITE_WINS", "DRAW", "BLACK_WINS"] as const)[Math.floor(random() * 3)];
      const points = result === "WHITE_WINS" ? 1 : result === "DRAW" ? 0.5 : 0;
      records[p.white - 1].rounds[round - 1] = { kind: "game", opponent: p.black, colour: "w", points };
      records[p.black - 1].rounds[round - 1] = { kind: "game", opponent: p.white, colour: "b", points: 1 - points };
      return result;
    });
    played.push({ pairings: pairing.value.pairings, results, ms });
  }
  return played;
}
