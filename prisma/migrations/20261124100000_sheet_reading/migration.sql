-- AlterTable
ALTER TABLE "game" ADD COLUMN     "decode_requested" TIMESTAMP(3),
ADD COLUMN     "reading" JSONB;

-- AlterTable
ALTER TABLE "sheet_image_entry" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "content_hash" TEXT,
ADD COLUMN     "reading" JSONB,
ADD COLUMN     "scan_started" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "game_decode_requested_idx" ON "game"("decode_requested");

-- CreateIndex
CREATE INDEX "sheet_image_entry_state_idx" ON "sheet_image_entry"("state");

-- CreateIndex
CREATE UNIQUE INDEX "sheet_image_entry_tournament_id_content_hash_key" ON "sheet_image_entry"("tournament_id", "content_hash");

