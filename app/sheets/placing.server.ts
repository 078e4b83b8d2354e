import type { Db } from "~/db/client.server";
import type { Prisma, SheetImageEntry } from "~/generated/prisma/client";
import { publish } from "~/live/bus.server";
import { logger } from "~/lib/log.server";
import { usablePage } from "../../workflows/steps";
import { assignmentConflict } from "./assignment";
import { gameReading, lockedSheets, pageSummary, requestDecode } from "./games.server";
import type { SheetReader } from "./reader.server";
import { gameWritten, sameGame } from "./sameGame";
import { VALUE_DETECTION } from "./status";

/**
 * A sheet waiting for the organiser (unconfirmed: its round and board not read surely, or sent back as another game's)
 * goes by itself to the game whose moves it writes: its first page read alone, compared with the games already read
 * (sameGame). So where one player's sheet found its pairing, the other's follows it, whatever its header says.
 */

/** The moves of a sheet's page read alone, kept with its reading (null: not read alone yet). */
export function movesAlone(sheet: Pick<SheetImageEntry, "reading">): string[] | null {
  const moves = (sheet.reading as { movesAlone?: unknown } | null)?.movesAlone;
  return Array.isArray(moves) && moves.every((san) => typeof san === "string") ? moves : null;
}

const given = (status: number) => status === VALUE_DETECTION.manual || status === VALUE_DETECTION.confirmed;

/**
 * Reads an unconfirmed sheet's first page alone (once; kept with its reading) and places it in the one game of its
 * tournament whose moves it writes, except `except` (the game that sent it back). Returns whether it was placed.
 */
export async function placeByMoves(db: Db, reader: SheetReader, sheetId: number, { except }: { except?: number } = {}): Promise<boolean> {
  const sheet = await db.sheetImageEntry.findUnique({ where: { id: sheetId } });
  const page = sheet && pageSummary(sheet);
  if (!sheet || !page || sheet.state !== "UNCONFIRMED" || sheet.page !== 1 || !usablePage(page)) return false;
  let moves = movesAlone(sheet);
  if (!moves) {
    const decoded = await reader.decode({ readingKeys: [page.readingKey], language: sheet.notation }, `sheet-${sheet.id}-r${sheet.readingRun}-alone`);
    moves = decoded?.moves.map((move) => move.san) ?? [];
    const reading = { ...page, movesAlone: moves } as unknown as Prisma.InputJsonValue;
    await db.sheetImageEntry.updateMany({ where: { id: sheet.id, readingRun: sheet.readingRun, state: "UNCONFIRMED" }, data: { reading } });
  }
  return placeInGameWritten(db, sheet, moves, except);
}

/** After a game's reading is stored: the unconfirmed sheets read alone that write its moves go to it. */
export async function placeWaitingSheets(db: Db, gameId: number): Promise<void> {
  const game = await db.game.findUnique({ where: { id: gameId }, select: { tournamentId: true, reading: true } });
  const moves = game && gameReading(game)?.moves.map((move) => move.san);
  if (!game || !moves?.length) return;
  const waiting = await db.sheetImageEntry.findMany({ where: { tournamentId: game.tournamentId, state: "UNCONFIRMED", error: null, page: 1 }, orderBy: { id: "asc" } });
  for (const sheet of waiting) {
    const alone = movesAlone(sheet);
    if (alone && sameGame(alone, moves)) await placeInGameWritten(db, sheet, alone);
  }
}

type Waiting = Pick<SheetImageEntry, "id" | "tournamentId" | "round" | "board" | "page" | "player" | "roundDetectionStatus" | "boardDetectionStatus">;

/**
 * The game among the rounds the sheet may be of (its round where a person gave it, else the round read and the latest
 * round) that alone has its moves, with no sheet completed and room for it (assignmentConflict).
 */
async function placeInGameWritten(db: Db, sheet: Waiting, moves: readonly string[], except?: number): Promise<boolean> {
  const roundGiven = given(sheet.roundDetectionStatus);
  const boardGiven = given(sheet.boardDetectionStatus);
  if (roundGiven && boardGiven) return false;
  const latest = (await db.game.aggregate({ where: { tournamentId: sheet.tournamentId }, _max: { round: true } }))._max.round;
  const rounds = roundGiven ? [sheet.round] : [sheet.round, latest];
  const candidates = await db.game.findMany({
    where: {
      tournamentId: sheet.tournamentId,
      round: { in: rounds.filter((round): round is number => round !== null) },
      pairingType: "NORMAL",
      sheets: { none: { state: "DONE" } },
      ...(boardGiven && sheet.board !== null ? { board: sheet.board } : {}),
      ...(except === undefined ? {} : { id: { not: except } }),
    },
    select: { id: true, round: true, board: true, reading: true },
  });
  const game = gameWritten(moves, candidates.map((candidate) => ({ ...candidate, moves: gameReading(candidate)?.moves.map((move) => move.san) ?? [] })));
  if (!game) return false;
  const placed = await db.$transaction(async (tx) => {
    if (assignmentConflict(await lockedSheets(tx, game.id), sheet)) return false;
    const detected = (status: number) => (given(status) ? status : VALUE_DETECTION.detected);
    const moved = await tx.sheetImageEntry.updateMany({
      where: { id: sheet.id, state: "UNCONFIRMED" },
      data: { state: "ASSIGNED", gameId: game.id, round: game.round, board: game.board, roundDetectionStatus: detected(sheet.roundDetectionStatus), boardDetectionStatus: detected(sheet.boardDetectionStatus), error: null },
    });
    if (moved.count === 0) return false;
    await requestDecode(tx, game.id);
    return true;
  });
  if (placed) {
    logger.info({ sheet: sheet.id, game: game.id }, "sheet placed in the game whose moves it writes");
    publish({ tournamentId: sheet.tournamentId, round: game.round, kind: "sheet" });
  }
  return placed;
}
