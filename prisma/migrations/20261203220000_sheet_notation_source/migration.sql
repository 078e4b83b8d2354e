-- CreateEnum: who said which notation a sheet is written in
CREATE TYPE "NotationSource" AS ENUM ('GIVEN', 'FOUND', 'CHOSEN');

-- AlterTable
ALTER TABLE "sheet_image_entry" ADD COLUMN "notation_source" "NotationSource" NOT NULL DEFAULT 'GIVEN';
