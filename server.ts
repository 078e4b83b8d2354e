import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { db } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { config, ConfigError } from "~/lib/config.server";

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
  console.log(`Kiebitz (${settings.appEnv}) on ${database}`);
  const applied = await migrate(db());
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
  const report = await seed(db(), settings.appEnv);
  if (report.registrationCode) console.log(`Registration code: ${report.registrationCode}`);
  if (report.admin) console.log(`Development admin: ${report.admin}`);

  const build = (await import(new URL("./build/index.js", import.meta.url).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  app.all("*", createRequestHandler({ build, getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }) }));
  app.listen(settings.port, () => console.log(`Kiebitz listens on ${settings.publicUrl}`));
}

void main();
