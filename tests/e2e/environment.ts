import path from "node:path";

/** Where the end-to-end server keeps its database and outbox (see tests/e2e/server.ts). */
export const E2E_DATABASE = "kiebitz_e2e";
export const E2E_SERVER = process.env.TEST_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432";
export const E2E_DATA_DIR = path.resolve("data-e2e");
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, "outbox");
