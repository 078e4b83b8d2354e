import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./client.server";

/**
 * Applies the Prisma-format migrations in prisma/migrations (one folder per migration,
 * each with migration.sql) and records them in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does (SHA-256 checksum of the file, start and finish time,
 * one applied step), so that the native Prisma CLI agrees on a connected machine.
 * Prisma's own engine cannot run here (see README, "Database").
 */
export const MIGRATIONS_DIR = path.resolve("prisma/migrations");

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.$executeRawUnsafe(CREATE_TABLE);
  const rows = await db.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const done: string[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    const known = applied.get(name);
    if (known !== undefined) {
      if (known !== checksum) throw new Error(`Migration ${name} was changed after it was applied.`);
      continue;
    }
    const id = randomUUID();
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
        id,
        checksum,
        name,
      );
      for (const statement of splitStatements(sql)) await tx.$executeRawUnsafe(statement);
      await tx.$executeRawUnsafe(
        `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
        id,
      );
    });
    done.push(name);
  }
  return done;
}

/** Splits a migration script into statements (Prisma's generated SQL has no functions or quoted semicolons). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.length > 0);
}
