import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import { parseConfig } from "~/lib/config.server";
import { createApp } from "../../server/app";
import { attachLive } from "../../server/live";
import { serverDatabase, type TestDatabase } from "./databases";

/**
 * The real HTTP server (server/app.ts with the Remix build of `npm run build`) on a fresh database
 * and a free loopback port, for tests that must go through everything a browser's request meets.
 */
export type TestServer = { url: string; db: Db; restart: () => Promise<void>; close: () => Promise<void> };

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database: TestDatabase = await serverDatabase();
  await seed(database.db, "test");
  (globalThis as { __kiebitzDb?: Db }).__kiebitzDb = database.db;
  const build = (await import(new URL("../../build/index.js", import.meta.url).href)) as ServerBuild;
  let server: Server;
  let live: ReturnType<typeof attachLive>;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const settings = parseConfig({ APP_ENV: "test", PUBLIC_URL: "http://kiebitz.test", ...env });
      server = createApp(build, settings, database.db).listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
      live = attachLive(server, database.db, { trustProxy: settings.trustProxy, multiplier: settings.rateLimitMultiplier });
    });
  await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      void live.close();
      server.close(() => resolve());
    });
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    db: database.db,
    restart: async () => {
      server.closeAllConnections();
      await stop();
      await listen();
    },
    close: async () => {
      server.closeAllConnections();
      await stop();
      delete (globalThis as { __kiebitzDb?: Db }).__kiebitzDb;
      await database.close();
    },
  };
}
