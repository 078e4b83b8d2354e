import { defineConfig } from "prisma/config";

// The schema is the source of truth; migrations are plain SQL folders applied by
// app/db/migrate.server.ts (see README "Database"). Generation needs no engine binary.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
