import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDb, type Db } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { createEvent } from "~/organiser/events.server";

/** The PostgreSQL server of the test machine (README: "Tests"). */
export const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432";

export type TestDatabase = { kind: string; db: Db; close: () => Promise<void>; /** the connection URL of a server database */ url?: string };

/** A fresh, migrated database on the PostgreSQL server, dropped again by close(). */
export async function serverDatabase(): Promise<TestDatabase> {
  const name = `kiebitz_it_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${SERVER_URL}/${name}`;
  const db = openDb({ kind: "postgres", url });
  await migrate(db);
  return {
    kind: "postgres",
    db,
    url,
    close: async () => {
      await db.$disconnect();
      const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated embedded database (PGlite) in a temporary folder: the default of a new machine. */
export async function embeddedDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "kiebitz-pglite-"));
  const db = openDb({ kind: "embedded", dir });
  await migrate(db);
  return {
    kind: "embedded",
    db,
    close: async () => {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tournament settings a test starts from (Swiss, no tiebreaks); tests override what they need. */
export const TOURNAMENT = { form: "SINGLE_PLAYER", mode: "SWISS", plannedRounds: 5, tiebreak1: "NONE", tiebreak2: "NONE", tiebreak3: "NONE", twzSetting: "ELO_BEFORE_NWZ" } as const;

/** A fresh database with an organiser (`email`) and one event of theirs, for tests of the organiser's services. */
export async function organiserDatabase(email: string, eventName: string) {
  const test = await serverDatabase();
  await seed(test.db, "test");
  const role = await test.db.role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await test.db.user.create({ data: { email, username: "Organiser", roleId: role.id, confirmed: true, password: "x" } });
  const created = await createEvent(test.db, user.id, { name: eventName });
  if (!created.ok) throw new Error(created.error);
  return { test, db: test.db, user, event: { id: created.value.id, creatorId: user.id } };
}
