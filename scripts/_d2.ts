import { pairDutch } from "~/tournament/dutch";
import type { PlayerRecord } from "~/tournament/types";
import { seededRandom } from "~/chess/random";
const random = seededRandom(5);
const n = 500, rounds = 5;
const players: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, rounds: [] }));
for (let r = 1; r <= rounds; r++) {
  const res = pairDutch({ players, present: players.map((p) => p.id), round: r, totalRounds: 9 });
  if (!res.ok) throw new Error();
  for (const { white, black } of res.value.pairings) {
    const x = random(); const wp = x < 0.4 ? 1 : x < 0.7 ? 0.5 : 0;
    players[white - 1].rounds[r - 1] = { kind: "game", opponent: black, colour: "w", points: wp };
    players[black - 1].rounds[r - 1] = { kind: "game", opponent: white, colour: "b", points: 1 - wp };
  }
}
