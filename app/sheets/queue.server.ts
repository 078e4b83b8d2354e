import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "~/db/client.server";
import type { Prisma } from "~/generated/prisma/client";
import { logger } from "~/lib/log.server";
import type { PageSummary } from "../../workflows/steps";
import { lockedSheets, requestDecode, saveDecodedGame, type DecodeOutcome, type DecodeRequest } from "./games.server";
import { ReaderUnavailableError, UnreadableSheetError, type SheetReader } from "./reader.server";
import { DETECTION, VALUE_DETECTION } from "~/sheets/status";
import { publish } from "~/live/bus.server";
import { holdsBothSheets, sureNumbers, type GivenNumbers } from "./assignment";
import { placeByMoves, placeWaitingSheets } from "./placing.server";

/** Readings that end in an error are tried this often, then the sheet is failed (code 10) for a person to look at. */
export const MAX_READ_ATTEMPTS = 3;

type Claimed = { id: number; handle: string; tournament_id: number; attempts: number; reading_run: number; round: number | null; board: number | null; round_detection_status: number; board_detection_status: number };

/** Round and board the arbiter gave with the upload (set manually, spec §4 code 5): they win over what is read. */
const givenOf = (sheet: Claimed): GivenNumbers => ({
  round: sheet.round_detection_status === VALUE_DETECTION.manual ? sheet.round : null,
  board: sheet.board_detection_status === VALUE_DETECTION.manual ? sheet.board : null,
});

/**
 * The durable reading queue (spec §4 sheet states, persisted): a sheet is claimed by moving it from
 * queued to scanning in one statement (SKIP LOCKED: two runners never take the same sheet); a
 * sheet left in scanning by a process that stopped (begun before this one started) is taken again,
 * under the same reading id, so Temporal joins the reading already under way instead of starting another.
 */
async function claimSheet(db: Db, startedAt: Date): Promise<Claimed | null> {
  const rows = await db.$queryRaw<Claimed[]>`
    UPDATE sheet_image_entry SET state = 'SCANNING', scan_started = now(), layout_detection_status = ${DETECTION.running}
    WHERE id = (
      SELECT id FROM sheet_image_entry
      WHERE state = 'QUEUED' OR (state = 'SCANNING' AND scan_started < ${startedAt})
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, handle, tournament_id, attempts, reading_run, round, board, round_detection_status, board_detection_status`;
  return rows[0] ?? null;
}

async function claimDecode(db: Db, busy: Set<number>): Promise<DecodeRequest | null> {
  const game = await db.game.findFirst({ where: { decodeRequested: { not: null }, id: { notIn: [...busy] } }, orderBy: { decodeRequested: "asc" }, select: { id: true, decodeRequested: true } });
  return game && { gameId: game.id, requested: game.decodeRequested! };
}

/** What a scan found, as the sheet stores it (values with their spec §4 codes), and the state it goes to next. */
export function scannedFields(summary: PageSummary, given: GivenNumbers = { round: null, board: null }): Prisma.SheetImageEntryUpdateInput {
  const found = summary.layout.status === DETECTION.detected && summary.boxes.status === DETECTION.detected;
  const value = (read: PageSummary["round"], set: number | null) => (set === null ? { status: read.status, value: read.value } : { status: VALUE_DETECTION.manual, value: set });
  const round = value(summary.round, given.round);
  const board = value(summary.board, given.board);
  return {
    state: "PROCESSED",
    reading: summary as unknown as Prisma.InputJsonValue,
    layoutDetectionStatus: summary.layout.status,
    boxesDetectionStatus: summary.boxes.status,
    roundDetectionStatus: round.status,
    boardDetectionStatus: board.status,
    round: round.value,
    board: board.value,
    page: summary.layout.page ?? 1,
    error: found || (given.round !== null && given.board !== null) ? null : "sheets.noHeader",
    scanStarted: null,
  };
}

/** The name of a sheet's reading: the same after a restart (joined, not repeated), a new one after 'detect again'. */
export const readingId = (sheet: { id: number; reading_run: number }) => (sheet.reading_run ? `sheet-${sheet.id}-r${sheet.reading_run}` : `sheet-${sheet.id}`);

/** Returns false when the reader could not be reached: the sheet waits in the queue, its attempts untouched. */
async function scanOne(db: Db, reader: SheetReader, sheet: Claimed): Promise<boolean> {
  let summary: PageSummary;
  try {
    summary = await reader.scan({ handle: sheet.handle }, readingId(sheet));
  } catch (error) {
    if (error instanceof ReaderUnavailableError) {
      logger.warn({ sheet: sheet.id, err: error }, "sheet reader unavailable; the sheet waits");
      await db.sheetImageEntry.updateMany({ where: { id: sheet.id, state: "SCANNING" }, data: { state: "QUEUED", layoutDetectionStatus: DETECTION.queued, scanStarted: null } });
      return false;
    }
    const final = error instanceof UnreadableSheetError || sheet.attempts + 1 >= MAX_READ_ATTEMPTS;
    logger.warn({ sheet: sheet.id, attempt: sheet.attempts + 1, final, err: error }, "sheet reading failed");
    await db.sheetImageEntry.updateMany({
      where: { id: sheet.id, state: "SCANNING" },
      data: final
        ? { state: "UNCONFIRMED", attempts: { increment: 1 }, layoutDetectionStatus: DETECTION.failed, error: "sheets.readFailed", scanStarted: null }
        : { state: "QUEUED", attempts: { increment: 1 }, layoutDetectionStatus: DETECTION.queued, scanStarted: null },
    });
    return true;
  }
  const given = givenOf(sheet);
  const stored = await db.sheetImageEntry.updateMany({ where: { id: sheet.id, state: "SCANNING" }, data: scannedFields(summary, given) as Prisma.SheetImageEntryUpdateManyMutationInput });
  if (stored.count === 0) return true; // deleted or re-queued meanwhile
  await assignIfSure(db, sheet.id, summary, given);
  return true;
}

/**
 * The oldest sheet waiting for the organiser whose first page has not been read alone yet (placeByMoves), `busy` apart:
 * read after every scan and decoding (what an organiser waits for comes first).
 */
async function claimWaiting(db: Db, busy: Set<number>): Promise<number | null> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM sheet_image_entry
    WHERE state = 'UNCONFIRMED' AND error IS NULL AND page = 1 AND layout_detection_status = ${DETECTION.detected}
      AND boxes_detection_status = ${DETECTION.detected} AND reading IS NOT NULL AND reading->'movesAlone' IS NULL
      AND NOT (id = ANY(${[...busy]}::int[]))
    ORDER BY id LIMIT 1`;
  return rows[0]?.id ?? null;
}

/** placeByMoves, saying how it went. A sheet that cannot be read alone waits for the organiser as it is. */
async function placeByMovesIfReachable(db: Db, reader: SheetReader, sheetId: number, except?: number): Promise<"done" | "failed" | "unavailable"> {
  try {
    await placeByMoves(db, reader, sheetId, { except });
    return "done";
  } catch (error) {
    logger.warn({ sheet: sheetId, err: error }, "the sheet's moves could not be read alone; it waits for the organiser");
    return error instanceof ReaderUnavailableError ? "unavailable" : "failed";
  }
}

/**
 * A sheet whose round and board are sure (sureNumbers) goes to that pairing, unless the game already holds both
 * players' sheets of its page (holdsBothSheets); any other waits for the organiser (unconfirmed), read alone later (claimWaiting).
 */
async function assignIfSure(db: Db, sheetId: number, summary: PageSummary, given: GivenNumbers): Promise<void> {
  const sure = sureNumbers(summary, given);
  await db.$transaction(async (tx) => {
    const sheet = await tx.sheetImageEntry.findUniqueOrThrow({ where: { id: sheetId } });
    const pairing = sure && sheet.error === null ? await tx.game.findFirst({ where: { tournamentId: sheet.tournamentId, round: sure.round, board: sure.board, pairingType: "NORMAL" } }) : null;
    const held = pairing ? await lockedSheets(tx, pairing.id) : [];
    const game = pairing && !holdsBothSheets(held, sheet) ? pairing : null;
    if (!game) {
      await tx.sheetImageEntry.update({ where: { id: sheetId }, data: { state: "UNCONFIRMED" } });
      return;
    }
    await tx.sheetImageEntry.update({ where: { id: sheetId }, data: { state: "ASSIGNED", gameId: game.id } });
    await requestDecode(tx, game.id);
  });
}

export type SheetQueue = {
  /** Begins reading (the server calls it once at start). */
  start(): void;
  /** Something was queued: look now rather than at the next poll. */
  wake(): void;
  /** Resolves when nothing is left to read or decode (tests, benchmarks). */
  idle(): Promise<void>;
  stop(): Promise<void>;
  reader: SheetReader;
};

const POLL_MS = 5_000;
/** How long the runners wait after the reader could not be reached. */
const UNAVAILABLE_MS = 2_000;

/**
 * The runners of a process: each takes a sheet, then games whose sheets changed. One runner reads
 * in the app's own thread pool; with Temporal several wait on the fleet's workflows at once, so the
 * fleet, not the app, sets the pace.
 */
export function createSheetQueue(db: Db, reader: SheetReader, { runners = 1 } = {}): SheetQueue {
  const startedAt = new Date();
  let running = false;
  /** Ends the runners' wait after the reader could not be reached, when stopping. */
  let stopping = new AbortController();
  const wakeUps: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  let loops: Promise<void>[] = [];
  let resting = 0;
  const decoding = new Set<number>();
  /** Waiting sheets being read alone by this process, and those that could not be (not tried again). */
  const failed = new Set<number>();

  type Step = "worked" | "idle" | "unavailable";

  /** Decodes one game, then moves the sheets that wait to where their moves belong. */
  async function decodeOne(decode: DecodeRequest): Promise<Step> {
    let outcome: DecodeOutcome;
    try {
      outcome = await saveDecodedGame(db, reader, decode);
    } catch (error) {
      logger.error({ err: error, game: decode.gameId }, "decoding failed");
      if (error instanceof ReaderUnavailableError) return "unavailable";
      // not tried again at once: the oldest request first, it would keep every other game waiting
      await db.game.updateMany({ where: { id: decode.gameId, decodeRequested: decode.requested }, data: { decodeRequested: null } });
      return "worked";
    }
    try {
      // the game's reading is stored: what follows only moves sheets that wait to where their moves belong
      for (const sheetId of outcome.sentBack) await placeByMovesIfReachable(db, reader, sheetId, decode.gameId);
      if (outcome.stored) await placeWaitingSheets(db, decode.gameId);
    } catch (error) {
      logger.error({ err: error, game: decode.gameId }, "placing waiting sheets by their moves failed");
    }
    return "worked";
  }

  async function step(): Promise<Step> {
    const sheet = await claimSheet(db, startedAt);
    if (sheet) {
      const read = await scanOne(db, reader, sheet);
      publish({ tournamentId: sheet.tournament_id, kind: "sheet" });
      return read ? "worked" : "unavailable";
    }
    const decode = await claimDecode(db, decoding);
    if (decode) {
      decoding.add(decode.gameId);
      try {
        return await decodeOne(decode);
      } finally {
        decoding.delete(decode.gameId);
      }
    }
    const waiting = await claimWaiting(db, failed);
    if (waiting !== null) {
      failed.add(waiting);
      const outcome = await placeByMovesIfReachable(db, reader, waiting);
      // read (its moves kept: not claimed again until it is read anew), or the reader away: tried again later
      if (outcome !== "failed") failed.delete(waiting);
      return outcome === "unavailable" ? "unavailable" : "worked";
    }
    return "idle";
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUps.push(resolve);
      setTimeout(resolve, ms).unref();
    });

  async function run() {
    while (running) {
      let outcome: Step = "idle";
      try {
        outcome = await step();
      } catch (error) {
        logger.error({ err: error }, "sheet queue step failed");
      }
      if (outcome === "worked") continue;
      if (outcome === "unavailable") {
        await sleep(UNAVAILABLE_MS, undefined, { signal: stopping.signal, ref: false }).catch(() => undefined);
        continue;
      }
      resting++;
      if (resting === runners) {
        idleWaiters.forEach((resolve) => resolve());
        idleWaiters = [];
      }
      if (running) await pause(POLL_MS);
      resting--;
    }
  }

  const wakeAll = () => wakeUps.splice(0).forEach((resolve) => resolve());
  return {
    reader,
    start() {
      if (running) return;
      running = true;
      stopping = new AbortController();
      loops = Array.from({ length: runners }, run);
    },
    wake: wakeAll,
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wakeAll();
      });
    },
    /**
     * Stops reading: the reader is closed first, so readings in flight are not waited for; their
     * sheets go back to the queue (not counted as failed) and the next start joins them.
     */
    async stop() {
      running = false;
      wakeAll();
      stopping.abort();
      await reader.close();
      await Promise.all(loops);
    },
  };
}
