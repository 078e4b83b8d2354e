import pg from "pg";
import { seededRandom } from "~/chess/random";
import { pairDutch } from "~/tournament/dutch";
import type { PlayerRecord } from "~/tournament/types";

/**
 * The benchmarks' tournament: a fresh database on the tests' PostgreSQL server (TEST_DATABASE_SERVER)
 * with a 500-player Swiss after 9 rounds, paired by the engine and stored as the screens store it.
 * The app's environment is set for `port` before any of its modules is loaded.
 */
const SERVER = process.env.TEST_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432";
const DATABASE = "kiebitz_bench";

export async function benchTournament(port: number) {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  Object.assign(process.env, { APP_ENV: "test", PORT: String(port), DATABASE_URL: `${SERVER}/${DATABASE}`, DATA_DIR: "data-bench" });

  const { db } = await import("~/db/client.server");
  const { migrate } = await import("~/db/migrate.server");
  const { seed } = await import("~/db/seed.server");
  await migrate(db());
  await seed(db(), "test");
  // A 500-player Swiss after 9 rounds, paired by the engine, stored as the screens store it.
  const role = await db().role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await db().user.create({ data: { email: "bench@example.org", username: "Bench", password: "x", roleId: role.id, confirmed: true } });
  const event = await db().event.create({ data: { creatorId: user.id, name: "Bench Open", slug: "Bench-Open" } });
  const tournament = await db().tournament.create({
    data: { creatorId: user.id, eventId: event.id, name: "A", slug: "A", plannedRounds: 9, tiebreakScoreFirst: "BUCHHOLZ", tiebreakScoreSecond: "SONNEBORN_BERGER", tiebreakScoreThird: "CUMULATIVE" },
  });
  await db().player.createMany({ data: Array.from({ length: 500 }, (_, i) => ({ tournamentId: tournament.id, snr: i + 1, name: `Player ${i + 1}`, elo: 2600 - i })) });
  const ids = new Map((await db().player.findMany({ where: { tournamentId: tournament.id } })).map((p) => [p.snr, p.id]));
  const records: PlayerRecord[] = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, rounds: [] }));
  const random = seededRandom(42);
  for (let round = 1; round <= 9; round++) {
    const pairing = pairDutch({ players: records, present: records.map((r) => r.id), round, totalRounds: 9 });
    if (!pairing.ok) throw new Error(pairing.error.code);
    const created = await db().round.create({ data: { tournamentId: tournament.id, round, state: "FINISHED" } });
    const results = ["WHITE_WINS", "DRAW", "BLACK_WINS"] as const;
    await db().game.createMany({
      data: pairing.value.pairings.map((p, board) => {
        const result = results[Math.floor(random() * 3)];
        const points = result === "WHITE_WINS" ? 1 : result === "DRAW" ? 0.5 : 0;
        records[p.white - 1].rounds[round - 1] = { kind: "game", opponent: p.black, colour: "w", points };
        records[p.black - 1].rounds[round - 1] = { kind: "game", opponent: p.white, colour: "b", points: 1 - points };
        return { tournamentId: tournament.id, roundId: created.id, round, board: board + 1, whiteId: ids.get(p.white)!, blackId: ids.get(p.black)!, gameResult: result };
      }),
    });
  }
  return { db: db(), user, event, tournament };
}
