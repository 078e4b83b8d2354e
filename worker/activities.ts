import { Context } from "@temporalio/activity";
import sharp from "sharp";
import type { SheetStorage } from "~/sheets/storage.server";
import type { PageSummary, SheetActivities } from "../workflows/steps";
import { loadRecognizers, recognizerHead, type Head, type Recognizers } from "./model/recognizer";
import { loadMovePrior, type MovePrior } from "./reader/prior";
import { readPage, type PageMoves, type PageReading } from "./reader/read";
import { storedMoves, storedReading, type StoredReading } from "./reader/stored";
import { readGameAdaptedToWriter } from "./reader/writer";
import { toBytes, type GrayImage } from "./vision/image";

/** A photo that is no image at all: retrying will not help. */
export class InvalidSheetError extends Error {
  override name = "InvalidSheetError";
}

/**
 * What tells Temporal the activity is alive (between the steps of a reading, and after every ply its decodings read), so
 * that a worker that dies is noticed within the heartbeat timeout and the sheet is read by another; outside Temporal
 * (the embedded reader's thread) there is nobody to tell, and it does nothing.
 */
function heartbeat(): () => void {
  try {
    const context = Context.current();
    return () => context.heartbeat();
  } catch {
    // not in a Temporal activity
    return () => {};
  }
}

/** What a worker counts (its /metrics). */
export type ReadingCounts = { read: number; failed: number; decoded: number; reading: number };

/** The straightened page as a grey JPEG: what the review screens cut the boxes from. */
const pageJpeg = (page: GrayImage) => sharp(toBytes(page), { raw: { width: page.width, height: page.height, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();

/** The activities of the sheet-reading workflow, over a storage (disk or MinIO). */
export function createActivities(storage: SheetStorage, recognizers?: Recognizers, counts?: ReadingCounts): SheetActivities {
  // the move-box recognizer's output layer, which adapting to a writer starts from, read once
  let head: Head | undefined;
  const shippedHead = async () => (head ??= recognizerHead((recognizers ?? (await loadRecognizers())).moves));
  // what players choose in a position (the shipped move prior), read once
  let prior: Promise<MovePrior> | undefined;
  const loadReading = async (key: string): Promise<PageMoves> => storedMoves(JSON.parse((await storage.get(key)).toString("utf8")) as StoredReading);
  return {
    async readStoredPage({ handle }): Promise<PageSummary> {
      const beat = heartbeat();
      beat();
      let reading: PageReading;
      if (counts) counts.reading++;
      try {
        const photo = await storage.get(handle);
        beat();
        reading = await readPage(photo, recognizers);
        beat();
      } catch (error) {
        if (counts) counts.failed++;
        if (error instanceof Error && /unsupported image format|Input buffer/i.test(error.message)) throw new InvalidSheetError(error.message);
        throw error;
      } finally {
        if (counts) counts.reading--;
      }
      const readingKey = `readings/${handle}.json`;
      await storage.put(readingKey, Buffer.from(JSON.stringify(storedReading(reading))), "application/json");
      const pageKey = reading.page ? `pages/${handle}` : null;
      if (pageKey && reading.page) await storage.put(pageKey, await pageJpeg(reading.page), "image/jpeg");
      const { layout, boxes, round, board, result, regions } = reading;
      if (counts) counts.read++;
      return { handle, readingKey, pageKey, layout, boxes, round, board, result, regions, moves: reading.moves.map(({ ply, text }) => ({ ply, text })) };
    },
    async decodeStoredGame({ readingKeys, language, prefix, notations = [] }) {
      const pages = (await Promise.all(readingKeys.map(loadReading))).map((page, i) => (notations[i] ? { ...page, language: notations[i].language } : page));
      const beat = heartbeat();
      beat();
      const languageChosen = new Set(notations.flatMap((notation, i) => (notation.chosen ? [i] : [])));
      const options = { prefix, prior: await (prior ??= loadMovePrior()), onStep: beat, languageChosen };
      const { game, otherGames, languages, boxPlies } = await readGameAdaptedToWriter(pages, language, await shippedHead(), options);
      if (counts) counts.decoded++;
      return { ...game, otherGames, languages, boxPlies };
    },
  };
}
