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
    const notations = [{ language: sheet.notation, chosen: sheet.notationSource === "CHOSEN" }];
    const decoded = await reader.decode({ readingKeys: [page.readingKey], language: sheet.notation, notations }, `sheet-${sheet.id}-r${sheet.readingRun}-alone`);
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

/** The rounds a waiting sheet may be of: its round where a person gave it, else the round read and the latest round. */
const roundsOf = (sheet: Waiting, latest: number | null) => (given(sheet.roundDetectionStatus) ? [sheet.round] : [sheet.round, latest]).filter((round): round is number => round !== null);
const latestRound = async (db: Db, tournamentId: number) => (await db.game.aggregate({ where: { tournamentId }, _max: { round: true } }))._max.round;

/** The games of `rounds` that have a reading (their moves as read), none of whose sheets is done. */
async function readGames(db: Db, tournamentId: number, rounds: number[], except?: number) {
  const games = await db.game.findMany({
    where: { tournamentId, round: { in: rounds }, pairingType: "NORMAL", sheets: { none: { state: "DONE" } }, ...(except === undefined ? {} : { id: { not: except } }) },
    select: { id: true, round: true, board: true, reading: true },
  });
  return games.flatMap(({ reading, ...game }) => {
    const moves = gameReading({ reading })?.moves.map((move) => move.san);
    return moves?.length ? [{ ...game, moves }] : [];
  });
}

/**
 * The games whose reading writes each waiting sheet's moves (kept when it was read alone), for the verify page: where
 * one could not take the sheet by itself (it holds both players' sheets, or two games would do), the organiser sees it.
 */
export async function gamesWrittenBy(db: Db, tournamentId: number, sheets: readonly (Waiting & Pick<SheetImageEntry, "reading">)[]): Promise<Map<number, { round: number; board: number }[]>> {
  const written = new Map<number, { round: number; board: number }[]>();
  const alone = sheets.flatMap((sheet) => {
    const moves = movesAlone(sheet);
    return moves ? [{ sheet, moves }] : [];
  });
  if (alone.length === 0) return written;
  const latest = await latestRound(db, tournamentId);
  const games = await readGames(db, tournamentId, [...new Set(alone.flatMap(({ sheet }) => roundsOf(sheet, latest)))]);
  for (const { sheet, moves } of alone) {
    const rounds = roundsOf(sheet, latest);
    const found = games.filter((game) => rounds.includes(game.round) && sameGame(moves, game.moves));
    if (found.length) written.set(sheet.id, found.map(({ round, board }) => ({ round, board })));
  }
  return written;
}

/** The game among the rounds the sheet may be of that alone has its moves, with room for it (assignmentConflict). */
async function placeInGameWritten(db: Db, sheet: Waiting, moves: readonly string[], except?: number): Promise<boolean> {
  const boardGiven = given(sheet.boardDetectionStatus);
  if (given(sheet.roundDetectionStatus) && boardGiven) return false;
  const candidates = await readGames(db, sheet.tournamentId, roundsOf(sheet, await latestRound(db, sheet.tournamentId)), except);
  const game = gameWritten(moves, boardGiven ? candidates.filter((candidate) => candidate.board === sheet.board) : candidates);
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
