import pg from "pg";
import { playedSwiss } from "./playedSwiss";

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
  for (const [i, { pairings, results }] of playedSwiss(500, 9, 42).entries()) {
    const round = i + 1;
    const created = await db().round.create({ data: { tournamentId: tournament.id, round, state: "FINISHED" } });
    await db().game.createMany({
      data: pairings.map((p, board) => ({ tournamentId: tournament.id, roundId: created.id, round, board: board + 1, whiteId: ids.get(p.white)!, blackId: ids.get(p.black)!, gameResult: results[board] })),
    });
  }
  return { db: db(), user, event, tournament };
}
