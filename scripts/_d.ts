import { pairDutch } from "~/tournament/dutch";
import type { PlayerRecord } from "~/tournament/types";
import { seededRandom } from "~/chess/random";
function simulate(n: number, rounds: number, seed: number) {
  const random = seededRandom(seed);
  const players: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, rounds: [] }));
  const times: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const t = performance.now();
    const res = pairDutch({ players, present: players.map((p) => p.id), round: r, totalRounds: rounds });
    times.push(performance.now() - t);
    if (!res.ok) { console.log("round", r, res.error); return; }
    const { pairings, bye } = res.value;
    if (r === 1 && n <= 10) console.log(JSON.stringify(pairings), bye);
    for (const { white, black } of pairings) {
      const x = random();
      const wp = x < 0.4 ? 1 : x < 0.7 ? 0.5 : 0;
      players[white - 1].rounds[r - 1] = { kind: "game", opponent: black, colour: "w", points: wp };
      players[black - 1].rounds[r - 1] = { kind: "game", opponent: white, colour: "b", points: 1 - wp };
    }
    if (bye) players[bye - 1].rounds[r - 1] = { kind: "pab", points: 1 };
  }
  console.log(n, "players", times.map((t) => t.toFixed(0)).join(" "));
}
simulate(8, 5, 1);
simulate(9, 7, 2);
simulate(30, 9, 3);
simulate(100, 9, 4);
simulate(500, 9, 5);
