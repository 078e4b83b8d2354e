import { Chess } from "chess.js";
import type { NotationLanguage } from "~/chess/languages";
import { moveErrorMessage } from "~/chess/messages";
import { readMove } from "~/chess/read";
import type { Db } from "~/db/client.server";
import type { Tx } from "~/db/locks.server";
import type { GameResult, Prisma, SheetImageEntry } from "~/generated/prisma/client";
import { message } from "~/lib/messages";
import { saveResults } from "~/organiser/rounds.server";
import { usablePage, type PageSummary } from "../../workflows/steps";
import { OTHER_GAME, placedByReader, sheetsToSendBack } from "./assignment";
import type { SheetBoxPlies } from "./boxPlies";
import { logger } from "~/lib/log.server";
import type { SheetReader } from "./reader.server";
import { keepReviewedBoxes } from "./reviewed.server";
import type { SheetStorage } from "./storage.server";
import { publish } from "~/live/bus.server";

/** The game as the reader decoded it from its sheets (game.reading): what the organiser reviews. */
export type GameReading = {
  moves: { san: string; confidence: number; flagged: boolean }[];
  /** Moves the organiser confirmed or corrected, from the first ply: kept when the game is decoded again. */
  prefix: string[];
  language: NotationLanguage;
  /** The result written on the sheets, when the reader could tell it. */
  result: Extract<GameResult, "WHITE_WINS" | "BLACK_WINS" | "DRAW"> | null;
  /** The hand is unlike those the reader knows: every move it read is flagged (readings stored before have none). */
  unfamiliarHand?: boolean;
  /** Where a sheet's boxes stand in the game where its player left a move out or wrote one twice (none where none did). */
  boxPlies?: SheetBoxPlies;
};

export type DecodeRequest = { gameId: number; requested: Date };
/** What a decoding did: whether the game's reading was stored, and the sheets sent back as another game's. */
export type DecodeOutcome = { stored: boolean; sentBack: number[] };

/** What reviewing a game needs: the reader (to decode again) and the storage (its straightened pages). */
export type ReviewServices = { reader: SheetReader; storage: Pick<SheetStorage, "get"> };

/** The game's sheets changed or a move was corrected: the queue decodes it again. */
export async function requestDecode(tx: Tx | Db, gameId: number): Promise<void> {
  await tx.game.update({ where: { id: gameId }, data: { decodeRequested: new Date() } });
}

/**
 * The game's sheets held in this transaction (the game's row locked until its end): two sheets assigned or read at
 * once are counted one after the other.
 */
export async function lockedSheets(tx: Tx, gameId: number) {
  await tx.$queryRaw`SELECT id FROM game WHERE id = ${gameId} FOR UPDATE`;
  return tx.sheetImageEntry.findMany({ where: { gameId }, select: { id: true, page: true, player: true } });
}

export const pageSummary = (sheet: Pick<SheetImageEntry, "reading">) => sheet.reading as unknown as PageSummary | null;
export const gameReading = (game: { reading: Prisma.JsonValue }) => game.reading as unknown as GameReading | null;

/** The result most surely written on the game's sheets. */
function writtenResult(sheets: Pick<SheetImageEntry, "reading">[]): GameReading["result"] {
  const results = sheets.map((sheet) => pageSummary(sheet)?.result).filter((result) => result?.value);
  results.sort((a, b) => b!.confidence - a!.confidence);
  return results[0]?.value ?? null;
}

/**
 * Decodes a game from all its assigned sheets (both players', every page) after the organiser's
 * confirmed moves, and stores the reading unless the game was changed again meanwhile (then the
 * queue decodes it once more). Sheets of another game among them (a round or board misread) go back
 * to the organiser (sheetsToSendBack); where those are sheets the game was read from, it is decoded again without them.
 */
export async function saveDecodedGame(db: Db, reader: SheetReader, request: DecodeRequest): Promise<DecodeOutcome> {
  const game = await db.game.findUnique({
    where: { id: request.gameId },
    include: { sheets: { where: { state: { in: ["ASSIGNED", "DONE"] } }, orderBy: [{ page: "asc" }, { id: "asc" }] }, tournament: true },
  });
  if (!game) return { stored: false, sentBack: [] };
  const usable = game.sheets.flatMap((sheet) => {
    const page = pageSummary(sheet);
    return page && usablePage(page) ? [{ sheet, readingKey: page.readingKey }] : [];
  });
  const previous = gameReading(game);
  const prefix = previous?.prefix ?? [];
  const readingKeys = usable.map((page) => page.readingKey);
  const notations = usable.map(({ sheet }) => ({ language: sheet.notation, chosen: sheet.notationSource === "CHOSEN" }));
  const given = game.sheets[0]?.notation ?? game.tournament.defaultNotationLanguage;
  const decoded = readingKeys.length ? await reader.decode({ readingKeys, language: given, prefix, notations }, `game-${game.id}-${request.requested.getTime()}`) : null;
  // pages the reader read in another language than they were given: their sheets are written in it
  const found = usable.flatMap(({ sheet }, page) => {
    const read = decoded?.languages?.[page];
    return read && read !== sheet.notation && sheet.notationSource !== "CHOSEN" ? [{ id: sheet.id, given: sheet.notation, notation: read }] : [];
  });
  // the moves are shown and corrected in the language of the first sheet as read
  const language = decoded?.languages?.[0] ?? given;
  const boxPlies = Object.fromEntries(usable.flatMap(({ sheet }, page) => (decoded?.boxPlies?.[page] ? [[sheet.id, decoded.boxPlies[page]]] : [])));
  const reading: GameReading | null = decoded
    ? {
        moves: decoded.moves.map(({ san, confidence, flagged }) => ({ san, confidence, flagged })),
        prefix,
        language,
        result: writtenResult(game.sheets),
        unfamiliarHand: decoded.unfamiliarHand,
        ...(Object.keys(boxPlies).length ? { boxPlies } : {}),
      }
    : null;
  // pages as the reader numbered them (a worker of another version may name none, or one not sent)
  const otherGame = new Set((decoded?.otherGames ?? []).flatMap((page) => (usable[page] ? [usable[page].sheet.id] : [])));
  // a game completed has its sheets confirmed with it (done)
  const sendBack = sheetsToSendBack(usable.map(({ sheet }) => ({ id: sheet.id, byReader: sheet.state === "ASSIGNED" && placedByReader(sheet) })), otherGame);
  // sheets the game was read from go back: the reading is not stored, the game is decoded again without them
  const readFromSentBack = sendBack.some((id) => !otherGame.has(id));
  const stored = await db.$transaction(async (tx) => {
    const updated = await tx.game.updateMany({
      where: { id: game.id, decodeRequested: request.requested },
      data: readFromSentBack ? { decodeRequested: new Date() } : { reading: (reading ?? null) as Prisma.InputJsonValue, decodeRequested: null },
    });
    if (updated.count === 0) return false;
    for (const sheet of found) {
      await tx.sheetImageEntry.updateMany({ where: { id: sheet.id, notation: sheet.given, notationSource: { not: "CHOSEN" } }, data: { notation: sheet.notation, notationSource: "FOUND" } });
    }
    if (sendBack.length) await tx.sheetImageEntry.updateMany({ where: { id: { in: sendBack }, gameId: game.id, state: "ASSIGNED" }, data: { gameId: null, state: "UNCONFIRMED", used: false, error: OTHER_GAME } });
    return true;
  });
  if (stored && sendBack.length) logger.info({ game: game.id, sheets: sendBack }, "sheets of another game sent back to the organiser");
  publish({ tournamentId: game.tournamentId, round: game.round, kind: "sheet" });
  return { stored: stored && !readFromSentBack && reading !== null, sentBack: stored ? sendBack : [] };
}

/**
 * The organiser corrects the move at `ply` (typed in the tournament's notation): the moves before it
 * are confirmed as read, the correction replaces it, and the rest is decoded again after them so
 * that the game stays legal. The boxes of the confirmed moves and the correction are kept for
 * training (keepReviewedBoxes). Errors are the chess core's messages.
 */
export async function correctMove(db: Db, { reader, storage }: ReviewServices, game: { id: number; reading: Prisma.JsonValue }, ply: number, text: string) {
  const reading = gameReading(game);
  if (!reading || ply < 0 || ply > reading.moves.length) return { ok: false as const, error: "sheets.noReading" };
  const chess = new Chess();
  for (const move of reading.moves.slice(0, ply)) chess.move(move.san);
  const read = readMove(chess, text, reading.language);
  if (!read.ok) {
    const { key, values } = moveErrorMessage(read.error);
    return { ok: false as const, error: message(key, values) };
  }
  chess.move(read.move);
  const prefix = chess.history();
  const requested = new Date();
  const updated: GameReading = { ...reading, prefix, moves: [...prefix.map((san) => ({ san, confidence: 1, flagged: false })), ...reading.moves.slice(ply + 1)] };
  await db.game.update({ where: { id: game.id }, data: { reading: updated as unknown as Prisma.InputJsonValue, decodeRequested: requested } });
  await keepReviewedBoxes(db, storage, game.id, prefix.map((san, i) => ({ san, corrected: i === ply && san !== reading.moves[ply]?.san })));
  await saveDecodedGame(db, reader, { gameId: game.id, requested });
  return { ok: true as const };
}

/** Moves read beyond `length` are dropped (the game ended earlier than the reader thought). */
export async function truncateReading(db: Db, game: { id: number; reading: Prisma.JsonValue }, length: number) {
  const reading = gameReading(game);
  if (!reading) return;
  const moves = reading.moves.slice(0, Math.max(0, length));
  const updated: GameReading = { ...reading, moves, prefix: moves.map((move) => move.san) };
  await db.game.update({ where: { id: game.id }, data: { reading: updated as unknown as Prisma.InputJsonValue } });
}

/**
 * 'Complete': the reviewed moves become the game's moves (PGN export, game view), the written
 * result is taken when none was entered, the game's sheets are done, and the boxes of its moves are
 * kept for training (keepReviewedBoxes; corrections kept before stay marked so).
 */
export async function completeGame(db: Db, storage: Pick<SheetStorage, "get">, game: { id: number; tournamentId: number; round: number; reading: Prisma.JsonValue; gameResult: GameResult }) {
  const reading = gameReading(game);
  if (!reading) return { ok: false as const, error: "sheets.noReading" };
  const chess = new Chess();
  for (const move of reading.moves) chess.move(move.san);
  const sans = chess.history();
  await db.$transaction([
    db.game.update({
      where: { id: game.id },
      data: {
        moves: sans.length ? sans.join(" ") : null,
        pgn: chess.pgn(),
        entered: new Date(),
      },
    }),
    db.sheetImageEntry.updateMany({ where: { gameId: game.id, state: "ASSIGNED" }, data: { state: "DONE", used: true } }),
  ]);
  await keepReviewedBoxes(db, storage, game.id, sans.map((san) => ({ san, corrected: false })));
  if (game.gameResult === "UNSET" && reading.result) await saveResults(db, game.tournamentId, game.round, new Map([[game.id, reading.result]]));
  return { ok: true as const };
}
