/**
 * The in-process sheet reader of the embedded default: the activities of the sheet-reading
 * workflow in a worker thread, so that recognizing and decoding (seconds of CPU per sheet) never
 * hold up the app's pages. Started by app/sheets/reader.server.ts; one request at a time.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Config } from "~/lib/config.server";
import { sheetStorage } from "~/sheets/storage.server";
import { createActivities } from "./activities";
import { loadRecognizers } from "./model/recognizer";

export type ThreadRequest = { id: number; kind: "scan" | "decode"; input: unknown };
export type ThreadReply = { id: number; value?: unknown; error?: { name: string; message: string } };

const { storage } = workerData as { storage: Config["sheetStorage"] };
const activities = createActivities(sheetStorage(storage), await loadRecognizers());

parentPort!.on("message", async ({ id, kind, input }: ThreadRequest) => {
  try {
    const value = kind === "scan" ? await activities.readStoredPage(input as never) : await activities.decodeStoredGame(input as never);
    parentPort!.postMessage({ id, value } satisfies ThreadReply);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, error: { name, message } } satisfies ThreadReply);
  }
});
parentPort!.postMessage({ id: 0 } satisfies ThreadReply);
