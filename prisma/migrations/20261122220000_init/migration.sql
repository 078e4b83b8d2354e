-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "TournamentForm" AS ENUM ('SINGLE_PLAYER', 'TEAM');

-- CreateEnum
CREATE TYPE "TournamentMode" AS ENUM ('SWISS', 'ROUND_ROBIN', 'KNOCKOUT', 'SCHEVENINGEN');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('PRIVATE', 'PUBLIC_WITHOUT_GAMES', 'PUBLIC');

-- CreateEnum
CREATE TYPE "Tiebreak" AS ENUM ('NONE', 'TEAM_POINTS', 'BOARD_POINTS', 'BUCHHOLZ', 'CUMULATIVE', 'SONNEBORN_BERGER', 'MEDIAN_BUCHHOLZ', 'BUCHHOLZ_SUM', 'AVERAGE_OPPONENT_RATING', 'RATING_PERFORMANCE', 'RATING_DIFFERENCE', 'THREE_POINT', 'THREE_POINT_COLOUR', 'BERLIN', 'SCHULJAN', 'WINS', 'DIRECT_ENCOUNTER');

-- CreateEnum
CREATE TYPE "TwzSetting" AS ENUM ('ELO_BEFORE_NWZ', 'NWZ_BEFORE_ELO', 'ELO_OR_NWZ');

-- CreateEnum
CREATE TYPE "NotationLanguage" AS ENUM ('EN', 'DE', 'ES_IT', 'FR', 'PT', 'CZ_SK', 'NL', 'TR');

-- CreateEnum
CREATE TYPE "VerificationState" AS ENUM ('PENDING', 'VERIFIED', 'REJECTED');

-- CreateEnum
CREATE TYPE "RoundState" AS ENUM ('NOT_STARTED', 'IN_PROGRESS', 'FINISHED');

-- CreateEnum
CREATE TYPE "PairingType" AS ENUM ('NORMAL', 'WHITE_SPIELFREI', 'BLACK_SPIELFREI');

-- CreateEnum
CREATE TYPE "GameResult" AS ENUM ('UNSET', 'WHITE_WINS', 'DRAW', 'BLACK_WINS', 'PLUS', 'MINUS', 'ZEROED');

-- CreateEnum
CREATE TYPE "SheetState" AS ENUM ('UPLOADING', 'UPLOADED', 'QUEUED', 'SCANNING', 'PROCESSED', 'UNCONFIRMED', 'ASSIGNED', 'DONE');

-- CreateEnum
CREATE TYPE "SheetColour" AS ENUM ('UNKNOWN', 'WHITE', 'BLACK');

-- CreateEnum
CREATE TYPE "ViewCodeType" AS ENUM ('TOURNAMENT', 'GAMES');

-- CreateTable
CREATE TABLE "roles" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "last_login" TIMESTAMP(3),
    "password" TEXT,
    "registered" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "username" TEXT NOT NULL,
    "role" INTEGER NOT NULL,
    "confirmed" BOOLEAN NOT NULL DEFAULT false,
    "confirmation_key" TEXT,
    "registration_code" TEXT,
    "stripe_customer_id" TEXT,
    "google_id" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament_group" (
    "id" SERIAL NOT NULL,
    "creator" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "description" TEXT,
    "description_verified" "VerificationState" NOT NULL DEFAULT 'PENDING',
    "description_error" TEXT,
    "last_updated" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "start_date" DATE,
    "end_date" DATE,

    CONSTRAINT "tournament_group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament" (
    "id" SERIAL NOT NULL,
    "creator" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "password" TEXT,
    "form" "TournamentForm" NOT NULL DEFAULT 'SINGLE_PLAYER',
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tournament_group" INTEGER NOT NULL,
    "tiebreak_score_first" "Tiebreak" NOT NULL DEFAULT 'NONE',
    "tiebreak_score_second" "Tiebreak" NOT NULL DEFAULT 'NONE',
    "tiebreak_score_third" "Tiebreak" NOT NULL DEFAULT 'NONE',
    "visibility" "Visibility" NOT NULL DEFAULT 'PRIVATE',
    "storage" BIGINT NOT NULL DEFAULT 0,
    "round_box" JSONB,
    "board_box" JSONB,
    "description" TEXT,
    "description_verified" "VerificationState" NOT NULL DEFAULT 'PENDING',
    "description_error" TEXT,
    "last_updated" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "twz_setting" "TwzSetting" NOT NULL DEFAULT 'ELO_BEFORE_NWZ',
    "pseudo_rating" INTEGER,
    "start_date" DATE,
    "end_date" DATE,
    "upgraded" BOOLEAN NOT NULL DEFAULT false,
    "upgraded_time" TIMESTAMP(3),
    "max_players" INTEGER,
    "mode" "TournamentMode" NOT NULL DEFAULT 'SWISS',
    "order_value" INTEGER NOT NULL DEFAULT 0,
    "default_notation_language" "NotationLanguage" NOT NULL DEFAULT 'EN',
    "planned_rounds" INTEGER,

    CONSTRAINT "tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament_link" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "link" VARCHAR(150) NOT NULL,
    "text" VARCHAR(50) NOT NULL,
    "verified" "VerificationState" NOT NULL DEFAULT 'PENDING',
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "error" TEXT,

    CONSTRAINT "tournament_link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_link" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "link" VARCHAR(150) NOT NULL,
    "text" VARCHAR(50) NOT NULL,
    "verified" "VerificationState" NOT NULL DEFAULT 'PENDING',
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "error" TEXT,

    CONSTRAINT "event_link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "snr" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "team_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "snr" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT,
    "fide_id" TEXT,
    "elo" INTEGER,
    "nwz" INTEGER,
    "club" TEXT,
    "country" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "team_id" INTEGER,
    "team_board" INTEGER,

    CONSTRAINT "player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "round" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "state" "RoundState" NOT NULL DEFAULT 'NOT_STARTED',

    CONSTRAINT "round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "round_id" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "board" INTEGER NOT NULL,
    "pairing_type" "PairingType" NOT NULL DEFAULT 'NORMAL',
    "white_id" INTEGER,
    "black_id" INTEGER,
    "device_id" INTEGER,
    "game_result" "GameResult" NOT NULL DEFAULT 'UNSET',
    "fen" TEXT,
    "full_pgn" TEXT,
    "pgn" TEXT,
    "moves" TEXT,
    "entered" TIMESTAMP(3),
    "last_ping" TIMESTAMP(3),
    "description" TEXT,

    CONSTRAINT "game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sheet_image_entry" (
    "id" SERIAL NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "handle" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" "SheetState" NOT NULL DEFAULT 'UPLOADING',
    "boxes" JSONB,
    "error" TEXT,
    "round" INTEGER,
    "board" INTEGER,
    "player" "SheetColour" NOT NULL DEFAULT 'UNKNOWN',
    "page" INTEGER NOT NULL DEFAULT 1,
    "used" BOOLEAN NOT NULL DEFAULT false,
    "file_size" INTEGER NOT NULL,
    "round_detection_status" INTEGER NOT NULL DEFAULT 0,
    "board_detection_status" INTEGER NOT NULL DEFAULT 0,
    "boxes_detection_status" INTEGER NOT NULL DEFAULT 0,
    "layout_detection_status" INTEGER NOT NULL DEFAULT 0,
    "notation" "NotationLanguage" NOT NULL DEFAULT 'EN',
    "game_id" INTEGER,

    CONSTRAINT "sheet_image_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "devices" (
    "id" SERIAL NOT NULL,
    "password" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "device_type" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "device_name" TEXT NOT NULL,

    CONSTRAINT "devices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connected_devices" (
    "device_id" INTEGER NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "device_name" TEXT NOT NULL,
    "device_type" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "view_code" TEXT,
    "role" TEXT NOT NULL DEFAULT 'scanner',

    CONSTRAINT "connected_devices_pkey" PRIMARY KEY ("device_id","tournament_id")
);

-- CreateTable
CREATE TABLE "connection_qr_code" (
    "key" TEXT NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires" TIMESTAMP(3) NOT NULL,
    "used" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "connection_qr_code_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "view_code" (
    "code" TEXT NOT NULL,
    "tournament_id" INTEGER NOT NULL,
    "type" "ViewCodeType" NOT NULL,
    "devices" INTEGER NOT NULL DEFAULT 0,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "view_code_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "registercodes" (
    "code" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "registercodes_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "reset_password_code" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmation_key" TEXT NOT NULL,
    "used" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "reset_password_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_deletion_code" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmation_key" TEXT NOT NULL,
    "used" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "account_deletion_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "captcha" (
    "id" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "text" TEXT NOT NULL,

    CONSTRAINT "captcha_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "download_clicked" (
    "id" SERIAL NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "referer" TEXT,
    "user_agent" TEXT,
    "source" TEXT,

    CONSTRAINT "download_clicked_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "page_visited" (
    "id" SERIAL NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "referer" TEXT,
    "user_agent" TEXT,
    "target_url" TEXT NOT NULL,

    CONSTRAINT "page_visited_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "roles_name_key" ON "roles"("name");

-- CreateIndex
CREATE UNIQUE INDEX "user_email_key" ON "user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "user_confirmation_key_key" ON "user"("confirmation_key");

-- CreateIndex
CREATE UNIQUE INDEX "user_stripe_customer_id_key" ON "user"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_google_id_key" ON "user"("google_id");

-- CreateIndex
CREATE INDEX "tournament_group_creator_last_updated_idx" ON "tournament_group"("creator", "last_updated");

-- CreateIndex
CREATE UNIQUE INDEX "tournament_group_creator_name_key" ON "tournament_group"("creator", "name");

-- CreateIndex
CREATE INDEX "tournament_tournament_group_order_value_idx" ON "tournament"("tournament_group", "order_value");

-- CreateIndex
CREATE INDEX "tournament_creator_idx" ON "tournament"("creator");

-- CreateIndex
CREATE INDEX "tournament_visibility_idx" ON "tournament"("visibility");

-- CreateIndex
CREATE INDEX "tournament_link_tournament_id_idx" ON "tournament_link"("tournament_id");

-- CreateIndex
CREATE INDEX "event_link_event_id_idx" ON "event_link"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "team_tournament_id_snr_key" ON "team"("tournament_id", "snr");

-- CreateIndex
CREATE UNIQUE INDEX "team_tournament_id_name_key" ON "team"("tournament_id", "name");

-- CreateIndex
CREATE INDEX "player_team_id_idx" ON "player"("team_id");

-- CreateIndex
CREATE UNIQUE INDEX "player_tournament_id_snr_key" ON "player"("tournament_id", "snr");

-- CreateIndex
CREATE UNIQUE INDEX "round_tournament_id_round_key" ON "round"("tournament_id", "round");

-- CreateIndex
CREATE INDEX "game_tournament_id_round_idx" ON "game"("tournament_id", "round");

-- CreateIndex
CREATE INDEX "game_white_id_idx" ON "game"("white_id");

-- CreateIndex
CREATE INDEX "game_black_id_idx" ON "game"("black_id");

-- CreateIndex
CREATE UNIQUE INDEX "game_round_id_board_key" ON "game"("round_id", "board");

-- CreateIndex
CREATE UNIQUE INDEX "sheet_image_entry_handle_key" ON "sheet_image_entry"("handle");

-- CreateIndex
CREATE INDEX "sheet_image_entry_tournament_id_round_board_idx" ON "sheet_image_entry"("tournament_id", "round", "board");

-- CreateIndex
CREATE INDEX "sheet_image_entry_game_id_idx" ON "sheet_image_entry"("game_id");

-- CreateIndex
CREATE INDEX "devices_user_id_idx" ON "devices"("user_id");

-- CreateIndex
CREATE INDEX "connected_devices_tournament_id_idx" ON "connected_devices"("tournament_id");

-- CreateIndex
CREATE INDEX "connection_qr_code_tournament_id_expires_idx" ON "connection_qr_code"("tournament_id", "expires");

-- CreateIndex
CREATE INDEX "view_code_tournament_id_idx" ON "view_code"("tournament_id");

-- CreateIndex
CREATE UNIQUE INDEX "reset_password_code_confirmation_key_key" ON "reset_password_code"("confirmation_key");

-- CreateIndex
CREATE INDEX "reset_password_code_user_id_idx" ON "reset_password_code"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "account_deletion_code_confirmation_key_key" ON "account_deletion_code"("confirmation_key");

-- CreateIndex
CREATE INDEX "account_deletion_code_user_id_idx" ON "account_deletion_code"("user_id");

-- CreateIndex
CREATE INDEX "captcha_created_idx" ON "captcha"("created");

-- CreateIndex
CREATE INDEX "page_visited_created_idx" ON "page_visited"("created");

-- AddForeignKey
ALTER TABLE "user" ADD CONSTRAINT "user_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_group" ADD CONSTRAINT "tournament_group_creator_fkey" FOREIGN KEY ("creator") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_creator_fkey" FOREIGN KEY ("creator") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_tournament_group_fkey" FOREIGN KEY ("tournament_group") REFERENCES "tournament_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_link" ADD CONSTRAINT "tournament_link_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_link" ADD CONSTRAINT "event_link_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "tournament_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team" ADD CONSTRAINT "team_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player" ADD CONSTRAINT "player_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player" ADD CONSTRAINT "player_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "round" ADD CONSTRAINT "round_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game" ADD CONSTRAINT "game_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game" ADD CONSTRAINT "game_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game" ADD CONSTRAINT "game_white_id_fkey" FOREIGN KEY ("white_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game" ADD CONSTRAINT "game_black_id_fkey" FOREIGN KEY ("black_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game" ADD CONSTRAINT "game_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sheet_image_entry" ADD CONSTRAINT "sheet_image_entry_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sheet_image_entry" ADD CONSTRAINT "sheet_image_entry_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connected_devices" ADD CONSTRAINT "connected_devices_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connected_devices" ADD CONSTRAINT "connected_devices_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connection_qr_code" ADD CONSTRAINT "connection_qr_code_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "view_code" ADD CONSTRAINT "view_code_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reset_password_code" ADD CONSTRAINT "reset_password_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_deletion_code" ADD CONSTRAINT "account_deletion_code_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

