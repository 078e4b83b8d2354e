import type { ServerBuild } from "@remix-run/node";
import { db } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { config, ConfigError } from "~/lib/config.server";
import { sheetService } from "~/sheets/service.server";
import { discardUnfinishedUploads } from "~/sheets/sheets.server";
import { createApp } from "./app";
import { attachLive } from "./live";
import { logger } from "./logger";

/**
 * Production and default entry: validates the configuration, applies pending migrations,
 * seeds (roles, a registration code, a development admin) and serves the Remix build.
 */
async function main() {
  let settings;
  try {
    settings = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = settings.database.kind === "embedded" ? `embedded PostgreSQL in ${settings.database.dir}` : "PostgreSQL server";
  logger.info(`Kiebitz (${settings.appEnv}, NODE_ENV=${process.env.NODE_ENV ?? "unset"}) on ${database}`);
  const applied = await migrate(db());
  if (applied.length) logger.info(`Applied migrations: ${applied.join(", ")}`);
  const report = await seed(db(), settings.appEnv);
  if (report.registrationCode) console.log(`Registration code: ${report.registrationCode}`);
  if (report.admin) console.log(`Development admin: ${report.admin}`);

  const sheets = sheetService();
  const discarded = await discardUnfinishedUploads(db(), sheets.storage, new Date());
  if (discarded) logger.info(`Discarded ${discarded} unfinished uploads`);
  sheets.queue.start();
  logger.info(settings.temporal ? `Sheets are read by the vision workers on ${settings.temporal.address}` : "Sheets are read in this process");

  const build = (await import(new URL("../build/index.js", import.meta.url).href)) as ServerBuild;
  const server = createApp(build, settings, db()).listen(settings.port, () => logger.info(`Kiebitz listens on ${settings.publicUrl}`));
  // Slow clients may not hold a connection open for long: headers within 20 s, a request within 60 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  const live = attachLive(server, db(), { trustProxy: settings.trustProxy, multiplier: settings.rateLimitMultiplier });
  const stop = () => {
    void live.close();
    server.close();
    void sheets.queue.stop().finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

void main();
