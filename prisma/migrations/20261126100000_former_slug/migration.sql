-- CreateTable
CREATE TABLE "former_slug" (
    "id" SERIAL NOT NULL,
    "tournament_group" INTEGER NOT NULL,
    "tournament_id" INTEGER,
    "slug" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "former_slug_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "former_slug_slug_idx" ON "former_slug"("slug");

-- CreateIndex
CREATE INDEX "former_slug_tournament_group_slug_idx" ON "former_slug"("tournament_group", "slug");

-- AddForeignKey
ALTER TABLE "former_slug" ADD CONSTRAINT "former_slug_tournament_group_fkey" FOREIGN KEY ("tournament_group") REFERENCES "tournament_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "former_slug" ADD CONSTRAINT "former_slug_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

