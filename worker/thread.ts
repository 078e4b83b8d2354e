/**
 * The in-process sheet reader of the embedded default: the activities of the sheet-reading
 * workflow in a worker thread, so that recognizing and decoding (seconds of CPU per sheet) never
 * hold up the app's pages. Started by app/sheets/reader.server.ts; one request at a time.
 */
import { workerData } from "node:worker_threads";
import type { Config } from "~/lib/config.server";
import { serveThread } from "~/lib/thread.server";
import { sheetStorage } from "~/sheets/storage.server";
import { createActivities } from "./activities";
import { loadRecognizers } from "./model/recognizer";

const { storage } = workerData as { storage: Config["sheetStorage"] };
const activities = createActivities(sheetStorage(storage), await loadRecognizers());

serveThread((kind, input) => (kind === "scan" ? activities.readStoredPage(input as never) : activities.decodeStoredGame(input as never)));
