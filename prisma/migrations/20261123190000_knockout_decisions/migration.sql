-- AlterTable
ALTER TABLE "tournament" ADD COLUMN     "third_place_match" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "game" ADD COLUMN     "winner_id" INTEGER;


-- game.fen is the start position from now on (it held the position after the moves, which is computed).
UPDATE "game" SET "fen" = NULL;
