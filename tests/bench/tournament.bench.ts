/**
 * Tournament engine benchmark (npm run bench:tournament): time to pair one Swiss round
 * (round 5, after four simulated rounds) for 100, 500 and 2000 players (median of runs), and
 * a full ranking with three tiebreaks for 500 players after 9 rounds.
 */
import { seededRandom } from "~/chess/random";
import { pairDutch } from "~/tournament/dutch";
import { standings } from "~/tournament/tiebreaks";
import type { PlayerRecord } from "~/tournament/types";
import { format, median } from "./measure";

function play(players: PlayerRecord[], round: number, totalRounds: number, random: () => number) {
  const result = pairDutch({ players, present: players.map((p) => p.id), round, totalRounds });
  if (!result.ok) throw new Error(`round ${round}: ${result.error.code}`);
  for (const { white, black } of result.value.pairings) {
    const x = random();
    const points = x < 0.4 ? 1 : x < 0.7 ? 0.5 : 0;
    players[white - 1].rounds[round - 1] = { kind: "game", opponent: black, colour: "w", points };
    players[black - 1].rounds[round - 1] = { kind: "game", opponent: white, colour: "b", points: 1 - points };
  }
  if (result.value.bye) players[result.value.bye - 1].rounds[round - 1] = { kind: "pab", points: 1 };
}

function field(n: number, rounds: number, seed: number) {
  const random = seededRandom(seed);
  const players: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, rounds: [] }));
  for (let round = 1; round <= rounds; round++) play(players, round, 9, random);
  return players.map((p) => ({ ...p, rating: 2600 - p.id }));
}

console.log("Swiss (FIDE Dutch): pairing round 5 after four simulated rounds");
for (const [n, runs] of [[100, 7], [500, 5], [2000, 3]] as const) {
  const players = field(n, 4, n);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    pairDutch({ players, present: players.map((p) => p.id), round: 5, totalRounds: 9 });
    times.push(performance.now() - start);
  }
  console.log(`  ${String(n).padStart(4)} players: median ${format(median(times), 1)} ms over ${runs} runs`);
}

const final = field(500, 9, 9);
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  standings({ players: final, round: 9 }, ["BUCHHOLZ", "SONNEBORN_BERGER", "CUMULATIVE"]);
  times.push(performance.now() - start);
}
console.log(`Ranking, 500 players after 9 rounds, BH + SB + progressive: median ${format(median(times), 1)} ms over 5 runs`);
