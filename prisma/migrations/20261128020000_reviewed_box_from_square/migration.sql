-- AlterTable: the square a reviewed move leaves, for its long algebraic forms (null for boxes kept before)
ALTER TABLE "reviewed_box" ADD COLUMN "from_square" TEXT;
