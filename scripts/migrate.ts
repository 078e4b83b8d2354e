import { db } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { config } from "~/lib/config.server";

/** `npm run db:migrate`: applies pending migrations and the seed to the configured database. */
const applied = await migrate(db());
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
console.log(await seed(db(), config().appEnv));
await db().$disconnect();
