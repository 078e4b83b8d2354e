-- CreateEnum
CREATE TYPE "Acceleration" AS ENUM ('NONE', 'BAKU');

-- CreateEnum
CREATE TYPE "AbsenceKind" AS ENUM ('HALF_POINT', 'ZERO_POINT');

-- AlterTable
ALTER TABLE "tournament" ADD COLUMN     "acceleration" "Acceleration" NOT NULL DEFAULT 'NONE';

-- CreateTable
CREATE TABLE "forbidden_pair" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "first_player" INTEGER NOT NULL,
    "second_player" INTEGER NOT NULL,

    CONSTRAINT "forbidden_pair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player_absence" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "player_id" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "kind" "AbsenceKind" NOT NULL DEFAULT 'HALF_POINT',

    CONSTRAINT "player_absence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "forbidden_pair_tournament_id_idx" ON "forbidden_pair"("tournament_id");

-- CreateIndex
CREATE INDEX "forbidden_pair_second_player_idx" ON "forbidden_pair"("second_player");

-- CreateIndex
CREATE UNIQUE INDEX "forbidden_pair_first_player_second_player_key" ON "forbidden_pair"("first_player", "second_player");

-- CreateIndex
CREATE INDEX "player_absence_tournament_id_round_idx" ON "player_absence"("tournament_id", "round");

-- CreateIndex
CREATE UNIQUE INDEX "player_absence_player_id_round_key" ON "player_absence"("player_id", "round");

-- AddForeignKey
ALTER TABLE "forbidden_pair" ADD CONSTRAINT "forbidden_pair_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forbidden_pair" ADD CONSTRAINT "forbidden_pair_first_player_fkey" FOREIGN KEY ("first_player") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forbidden_pair" ADD CONSTRAINT "forbidden_pair_second_player_fkey" FOREIGN KEY ("second_player") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_absence" ADD CONSTRAINT "player_absence_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_absence" ADD CONSTRAINT "player_absence_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

