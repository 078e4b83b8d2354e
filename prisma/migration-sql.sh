#!/usr/bin/env bash
# Prints the SQL that takes the database from the applied migrations' state to prisma/schema.prisma.
# Prisma 7's CLI needs its native schema engine for this; Prisma 6.19 ships a WASM one that
# works offline (see README, "Database"). Usage:
#   prisma/migration-sql.sh > prisma/migrations/<timestamp>_<name>/migration.sql
# It diffs the schema as committed with the newest migration (git) against the working schema,
# so commit each migration together with the schema it was made from.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
server=${DIFF_SERVER:-postgresql://postgres@127.0.0.1:5432}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund prisma@6.19 @prisma/adapter-pg@6.19 pg >/dev/null
to_client_js() { sed -e 's/provider     = "prisma-client"/provider = "prisma-client-js"/' -e '/moduleFormat/d' -e '/^  output/d' \
  -e 's|^  provider = "postgresql"|  provider = "postgresql"\n  url      = "postgresql://localhost/unused"|'; }
last=$(git -C "$root" log -1 --format=%H -- prisma/migrations)
from=(--from-empty)
if [ -n "$last" ]; then
  git -C "$root" show "$last:prisma/schema.prisma" | to_client_js > previous.prisma
  from=(--from-schema-datamodel previous.prisma)
fi
cat > prisma.config.ts <<CONFIG
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  adapter: async () => new PrismaPg({ connectionString: "$server/postgres" }),
});
CONFIG
export PRISMA_SCHEMA_ENGINE_BINARY=/bin/true PRISMA_QUERY_ENGINE_LIBRARY=/bin/true
to_client_js < "$root/prisma/schema.prisma" > schema.prisma
npx prisma migrate diff "${from[@]}" --to-schema-datamodel schema.prisma --script
