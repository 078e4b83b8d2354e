-- AlterTable
ALTER TABLE "tournament_group" ADD COLUMN     "site" TEXT,
ADD COLUMN     "slug" TEXT;

-- AlterTable
ALTER TABLE "tournament" ADD COLUMN     "slug" TEXT;

-- Backfill: slugs from names (spec §2: commas removed, spaces to hyphens); a name that collides gets its id appended.
UPDATE "tournament_group" SET "slug" = regexp_replace(btrim(replace("name", ',', '')), '\s+', '-', 'g');
UPDATE "tournament_group" g SET "slug" = g."slug" || '-' || g."id"
  WHERE g."slug" = '' OR EXISTS (SELECT 1 FROM "tournament_group" o WHERE o."slug" = g."slug" AND o."id" < g."id");
UPDATE "tournament" SET "slug" = regexp_replace(btrim(replace("name", ',', '')), '\s+', '-', 'g');
UPDATE "tournament" t SET "slug" = t."slug" || '-' || t."id"
  WHERE t."slug" = '' OR EXISTS (SELECT 1 FROM "tournament" o WHERE o."tournament_group" = t."tournament_group" AND o."slug" = t."slug" AND o."id" < t."id");
ALTER TABLE "tournament_group" ALTER COLUMN "slug" SET NOT NULL;
ALTER TABLE "tournament" ALTER COLUMN "slug" SET NOT NULL;

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "session_user_id_idx" ON "session"("user_id");

-- CreateIndex
CREATE INDEX "session_expires_idx" ON "session"("expires");

-- CreateIndex
CREATE INDEX "rate_limit_expire_idx" ON "rate_limit"("expire");

-- CreateIndex
CREATE UNIQUE INDEX "tournament_group_slug_key" ON "tournament_group"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "tournament_tournament_group_slug_key" ON "tournament"("tournament_group", "slug");

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

