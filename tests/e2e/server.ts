import { rmSync } from "node:fs";
import pg from "pg";
import { E2E_DATA_DIR, E2E_DATABASE, E2E_SERVER } from "./environment";

/** Starts the real server on a fresh PostgreSQL database with its own outbox, as the app runs in production. */
const admin = new pg.Client({ connectionString: `${E2E_SERVER}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${E2E_DATABASE}`);
await admin.end();
rmSync(E2E_DATA_DIR, { recursive: true, force: true });

Object.assign(process.env, {
  APP_ENV: "test",
  PORT: "3100",
  PUBLIC_URL: "http://127.0.0.1:3100",
  DATABASE_URL: `${E2E_SERVER}/${E2E_DATABASE}`,
  DATA_DIR: E2E_DATA_DIR,
  RATE_LIMIT_MULTIPLIER: "1000",
  CONTACT_EMAIL: "operator@kiebitz.test",
  LOG_LEVEL: "warn",
});
await import("../../server/index");
