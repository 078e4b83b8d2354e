import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "~/generated/prisma/client";
import type { Config } from "~/lib/config.server";
import { config } from "~/lib/config.server";
import { withoutNul } from "./nul";

export type Db = PrismaClient;

/** Opens a Prisma client on a PostgreSQL server or on the embedded PGlite database. */
export function openDb(database: Config["database"]): Db {
  if (database.kind === "postgres") return withoutNulInQueries(new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) }));
  mkdirSync(database.dir, { recursive: true });
  return withoutNulInQueries(new PrismaClient({ adapter: new PrismaPGlite(new PGlite(database.dir)) }));
}

/**
 * Every model query's strings without NUL, which PostgreSQL's text cannot hold (nul.ts). A query extension leaves the
 * client's models and methods as they are, so the extended client is still a PrismaClient to its callers.
 */
function withoutNulInQueries(client: PrismaClient): Db {
  return client.$extends({ query: { $allModels: { $allOperations: ({ args, query }) => query(withoutNul(args)) } } }) as unknown as Db;
}

// One client per process: the server entry and the Remix build share it through globalThis
// (an embedded database folder must never be opened twice).
const holder = globalThis as typeof globalThis & { __kiebitzDb?: Db };

export function db(): Db {
  holder.__kiebitzDb ??= openDb(config().database);
  return holder.__kiebitzDb;
}
