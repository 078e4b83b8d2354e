import { createHash, randomUUID } from "node:crypto";
import type { NotationLanguage } from "~/chess/languages";
import type { Db } from "~/db/client.server";
import { lockTournament } from "~/db/locks.server";
import type { Prisma, SheetColour, SheetImageEntry, SheetState, Tournament } from "~/generated/prisma/client";
import { logger } from "~/lib/log.server";
import { SHEET_LIST_MAX } from "~/forms/sheets";
import { OTHER_GAME, assignmentConflict, holdsBothSheets } from "./assignment";
import { lockedSheets, requestDecode } from "./games.server";
import { checkPhoto } from "./photos.server";
import { VALUE_DETECTION } from "./status";
import type { SheetStorage } from "./storage.server";
import { publish } from "~/live/bus.server";

/** Photos in one upload (a round of a big open fills several). */
export const MAX_PHOTOS_PER_UPLOAD = 50;
/** One photo: a phone's full-size JPEG is 3–12 MB. */
export const MAX_PHOTO_BYTES = 16 * 1024 * 1024;

export type UploadedPhoto = { name: string; bytes: Uint8Array };
export type UploadReport = {
  stored: number;
  /** Photos of this tournament uploaded before (same bytes): not stored again. */
  duplicates: string[];
  /** Files refused, with their message key. */
  refused: { name: string; error: string }[];
};

export const thumbnailKey = (handle: string) => `thumbs/${handle}.webp`;
const storedKeys = (sheet: { handle: string }) => [sheet.handle, thumbnailKey(sheet.handle), `pages/${sheet.handle}`, `readings/${sheet.handle}.json`];

export function quotaOf(tournament: Pick<Tournament, "upgraded">, quota: { bytes: number; upgradedBytes: number }): number {
  return tournament.upgraded ? quota.upgradedBytes : quota.bytes;
}

/**
 * Stores uploaded score-sheet photos and queues them for reading. Each file is checked by its bytes
 * (JPEG, decodable whole); a photo this tournament already has is recognised by its hash and not
 * stored twice; the quota is checked for the whole upload before anything is written (spec §8 'not
 * enough storage'). Rows are made under the tournament's lock (concurrent uploads count right),
 * then the photos written; a photo that cannot be written leaves no row behind.
 */
export async function uploadSheets(
  db: Db,
  storage: SheetStorage,
  tournament: Pick<Tournament, "id" | "upgraded" | "defaultNotationLanguage">,
  photos: UploadedPhoto[],
  options: { quota: number; notation?: NotationLanguage; given?: { round?: number; board?: number } },
): Promise<{ ok: true; report: UploadReport } | { ok: false; error: string; report?: UploadReport }> {
  const refused: UploadReport["refused"] = [];
  const checked: { name: string; bytes: Uint8Array; hash: string; thumbnail: Buffer }[] = [];
  for (const { name: fullName, bytes } of photos) {
    const photo = { name: fullName.slice(0, 200) || "photo.jpg", bytes };
    const check = await checkPhoto(photo.bytes);
    if (!check.ok) {
      refused.push({ name: photo.name, error: check.error });
      continue;
    }
    checked.push({ name: photo.name, bytes: photo.bytes, hash: createHash("sha256").update(photo.bytes).digest("hex"), thumbnail: check.thumbnail });
  }
  const duplicates: string[] = [];
  const created = await db.$transaction(async (tx) => {
    await lockTournament(tx, tournament.id);
    const known = new Set(
      (await tx.sheetImageEntry.findMany({ where: { tournamentId: tournament.id, contentHash: { in: checked.map((c) => c.hash) } }, select: { contentHash: true } })).map((s) => s.contentHash),
    );
    const fresh = checked.filter((photo) => {
      if (known.has(photo.hash)) {
        duplicates.push(photo.name);
        return false;
      }
      known.add(photo.hash);
      return true;
    });
    const bytes = fresh.reduce((sum, photo) => sum + photo.bytes.length, 0);
    const { storage: used } = await tx.tournament.findUniqueOrThrow({ where: { id: tournament.id }, select: { storage: true } });
    if (Number(used) + bytes > options.quota) return null;
    await tx.tournament.update({ where: { id: tournament.id }, data: { storage: { increment: bytes } } });
    const rows = [];
    for (const photo of fresh) {
      const handle = `t${tournament.id}/${randomUUID()}.jpg`;
      const row = await tx.sheetImageEntry.create({
        data: {
          tournamentId: tournament.id,
          handle,
          name: photo.name,
          fileSize: photo.bytes.length,
          contentHash: photo.hash,
          notation: options.notation ?? tournament.defaultNotationLanguage,
          state: "UPLOADING",
          // round and board the arbiter knows count as set by hand (spec §4 code 5)
          ...(options.given?.round ? { round: options.given.round, roundDetectionStatus: VALUE_DETECTION.manual } : {}),
          ...(options.given?.board ? { board: options.given.board, boardDetectionStatus: VALUE_DETECTION.manual } : {}),
        },
      });
      rows.push({ row, photo });
    }
    return rows;
  });
  const report = { stored: 0, duplicates, refused };
  if (created === null) return { ok: false, error: "sheets.noStorage", report };
  for (const { row, photo } of created) {
    try {
      await storage.put(row.handle, photo.bytes, "image/jpeg");
      await db.sheetImageEntry.update({ where: { id: row.id }, data: { state: "UPLOADED" } });
      await storage.put(thumbnailKey(row.handle), photo.thumbnail, "image/webp");
      await db.sheetImageEntry.update({ where: { id: row.id }, data: { state: "QUEUED" } });
      report.stored++;
    } catch (error) {
      logger.error({ err: error, sheet: row.id }, "sheet photo could not be stored");
      await deleteSheetRows(db, storage, tournament.id, [row]);
      refused.push({ name: photo.name, error: "sheets.uploadFailed" });
    }
  }
  if (report.stored) publish({ tournamentId: tournament.id, kind: "upload" });
  return { ok: true, report };
}

/** Removes sheets with their files, gives their bytes back to the quota, and re-decodes games that lose a sheet. */
async function deleteSheetRows(db: Db, storage: SheetStorage, tournamentId: number, sheets: { id: number; handle: string; fileSize: number; gameId?: number | null }[]) {
  if (sheets.length === 0) return;
  await db.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const deleted = await tx.sheetImageEntry.deleteMany({ where: { id: { in: sheets.map((s) => s.id) }, tournamentId } });
    if (deleted.count === 0) return;
    await tx.tournament.update({ where: { id: tournamentId }, data: { storage: { decrement: sheets.reduce((sum, s) => sum + s.fileSize, 0) } } });
    for (const gameId of new Set(sheets.map((s) => s.gameId).filter((id): id is number => Boolean(id)))) await requestDecode(tx, gameId);
  });
  for (const sheet of sheets) await Promise.all(storedKeys(sheet).map((key) => storage.remove(key).catch(() => undefined)));
}

export async function deleteSheet(db: Db, storage: SheetStorage, tournamentId: number, sheetId: number): Promise<boolean> {
  const sheet = await db.sheetImageEntry.findFirst({ where: { id: sheetId, tournamentId } });
  if (!sheet) return false;
  await deleteSheetRows(db, storage, tournamentId, [sheet]);
  return true;
}

export async function deleteAllSheets(db: Db, storage: SheetStorage, tournamentId: number): Promise<number> {
  const sheets = await db.sheetImageEntry.findMany({ where: { tournamentId }, select: { id: true, handle: true, fileSize: true, gameId: true } });
  await deleteSheetRows(db, storage, tournamentId, sheets);
  return sheets.length;
}

export type SheetFilter = { round?: number; state?: SheetState; attention?: boolean };

/** Sheets that need a person: not assigned after reading, or failed. */
export const needsAttention: Prisma.SheetImageEntryWhereInput = { OR: [{ state: "UNCONFIRMED" }, { error: { not: null } }] };

export function listSheets(db: Db, tournamentId: number, filter: SheetFilter) {
  return db.sheetImageEntry.findMany({
    where: {
      tournamentId,
      ...(filter.round ? { round: filter.round } : {}),
      ...(filter.state ? { state: filter.state } : {}),
      ...(filter.attention ? needsAttention : {}),
    },
    orderBy: [{ round: "asc" }, { board: "asc" }, { page: "asc" }, { id: "asc" }],
    take: SHEET_LIST_MAX,
    include: { game: { select: { round: true, board: true, white: { select: { name: true } }, black: { select: { name: true } } } } },
  });
}

/** What the screens show of a sheet: its name, state and the values it carries (spec §3 sheet_image_entry). */
export function sheetFacts(sheet: SheetImageEntry) {
  const { id, name, state, error, round, board, page, notation, notationSource } = sheet;
  return { id, name, state, error, round, board, page, notation, notationFound: notationSource === "FOUND", colour: sheet.player };
}

/**
 * The sheets (waiting to be verified) whose round and board name a pairing that already holds both players' sheets
 * of their page (holdsBothSheets): the verify page says so beside them.
 */
export async function sheetsOfFullPairings(db: Db, tournamentId: number, sheets: readonly Pick<SheetImageEntry, "id" | "round" | "board" | "page">[]): Promise<Set<number>> {
  const named = sheets.filter((sheet) => sheet.round !== null && sheet.board !== null);
  if (named.length === 0) return new Set();
  const games = await db.game.findMany({
    where: { tournamentId, pairingType: "NORMAL", OR: named.map(({ round, board }) => ({ round: round!, board: board! })) },
    select: { round: true, board: true, sheets: { select: { id: true, page: true } } },
  });
  const gameOf = (sheet: (typeof named)[number]) => games.find((game) => game.round === sheet.round && game.board === sheet.board);
  return new Set(named.filter((sheet) => holdsBothSheets(gameOf(sheet)?.sheets ?? [], sheet)).map((sheet) => sheet.id));
}

/**
 * The organiser chose the notation a sheet is written in (each player's sheet may be in another; every page of the
 * player's sheet in the game): the reader reads it in that language from now on, never in another its boxes fit better, and its game is decoded again.
 */
export async function setNotation(db: Db, tournamentId: number, sheetId: number, notation: NotationLanguage): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const sheet = await tx.sheetImageEntry.findFirst({ where: { id: sheetId, tournamentId } });
    if (!sheet) return false;
    // every page of the player's sheet: one writer, one notation
    const pages = sheet.gameId && sheet.player !== "UNKNOWN" ? { gameId: sheet.gameId, player: sheet.player } : { id: sheet.id };
    await tx.sheetImageEntry.updateMany({ where: pages, data: { notation, notationSource: "CHOSEN" } });
    if (sheet.gameId) await requestDecode(tx, sheet.gameId);
    return true;
  });
}

/** Read the photo again from the start ('automatic detection of header boxes', or a retry after a failure). */
export async function rescanSheet(db: Db, tournamentId: number, sheetId: number): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const sheet = await tx.sheetImageEntry.findFirst({ where: { id: sheetId, tournamentId, state: { notIn: ["UPLOADING", "UPLOADED", "SCANNING", "DONE"] } } });
    if (!sheet) return false;
    await tx.sheetImageEntry.update({
      where: { id: sheet.id },
      data: { state: "QUEUED", attempts: 0, readingRun: { increment: 1 }, error: null, gameId: null, layoutDetectionStatus: 0, boxesDetectionStatus: 0, roundDetectionStatus: VALUE_DETECTION.queued, boardDetectionStatus: VALUE_DETECTION.queued },
    });
    if (sheet.gameId) await requestDecode(tx, sheet.gameId);
    return true;
  });
}

export type Assignment = { round: number; board: number; colour: SheetColour; page: number };

/**
 * Assigns a sheet to the pairing of a round and board (verify, reassign): the values count as
 * confirmed when they are what the reader read, else as set by hand (spec §4 codes 3 and 5). Both
 * games involved are decoded again. A pairing that does not exist is refused, and one that already holds the
 * sheet's page (assignmentConflict).
 */
export async function assignSheet(db: Db, tournamentId: number, sheetId: number, to: Assignment): Promise<{ ok: true } | { ok: false; error: string }> {
  return db.$transaction(async (tx) => {
    const sheet = await tx.sheetImageEntry.findFirst({ where: { id: sheetId, tournamentId } });
    if (!sheet || ["UPLOADING", "UPLOADED", "QUEUED", "SCANNING"].includes(sheet.state)) return { ok: false as const, error: "sheets.notReadYet" };
    const game = await tx.game.findFirst({ where: { tournamentId, round: to.round, board: to.board } });
    if (!game) return { ok: false as const, error: "sheets.noPairing" };
    if (game.pairingType !== "NORMAL") return { ok: false as const, error: "sheets.byePairing" };
    const conflict = assignmentConflict(await lockedSheets(tx, game.id), { id: sheet.id, page: to.page, player: to.colour });
    if (conflict) return { ok: false as const, error: conflict };
    const status = (read: number | null, value: number) => (read === value ? VALUE_DETECTION.confirmed : VALUE_DETECTION.manual);
    await tx.sheetImageEntry.update({
      where: { id: sheet.id },
      data: {
        round: to.round,
        board: to.board,
        player: to.colour,
        page: to.page,
        gameId: game.id,
        state: sheet.state === "DONE" && sheet.gameId === game.id ? "DONE" : "ASSIGNED",
        roundDetectionStatus: status(sheet.round, to.round),
        boardDetectionStatus: status(sheet.board, to.board),
        notation: sheet.notation,
        // the organiser has looked at a sheet sent back as another game's (saveDecodedGame)
        ...(sheet.error === OTHER_GAME ? { error: null } : {}),
      },
    });
    await requestDecode(tx, game.id);
    if (sheet.gameId && sheet.gameId !== game.id) await requestDecode(tx, sheet.gameId);
    return { ok: true as const };
  });
}

/** Takes a sheet off its game; it waits for verification again. */
export async function unlinkSheet(db: Db, tournamentId: number, sheetId: number): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const sheet = await tx.sheetImageEntry.findFirst({ where: { id: sheetId, tournamentId, gameId: { not: null } } });
    if (!sheet) return false;
    await tx.sheetImageEntry.update({ where: { id: sheet.id }, data: { gameId: null, state: "UNCONFIRMED", used: false } });
    await requestDecode(tx, sheet.gameId!);
    return true;
  });
}

/** The files of deleted tournaments' sheets (the rows go with the tournament): photos, thumbnails, pages, readings. */
export async function removeTournamentFiles(storage: SheetStorage, tournamentIds: number[]): Promise<void> {
  for (const id of tournamentIds) {
    await Promise.all(["", "thumbs/", "pages/", "readings/"].map((folder) => storage.removeFolder(`${folder}t${id}`).catch(() => undefined)));
  }
}

/** Uploads that a stopped process left half-written (before `before`): removed with their files, their bytes given back. */
export async function discardUnfinishedUploads(db: Db, storage: SheetStorage, before: Date): Promise<number> {
  const rows = await db.sheetImageEntry.findMany({ where: { state: { in: ["UPLOADING", "UPLOADED"] }, created: { lt: before } } });
  for (const tournamentId of new Set(rows.map((row) => row.tournamentId))) {
    await deleteSheetRows(db, storage, tournamentId, rows.filter((row) => row.tournamentId === tournamentId));
  }
  return rows.length;
}
