-- AlterTable
ALTER TABLE "sheet_image_entry" ADD COLUMN     "reading_run" INTEGER NOT NULL DEFAULT 0;

