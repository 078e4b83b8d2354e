import { db } from "~/db/client.server";
import { config, type Config } from "~/lib/config.server";
import { createSheetQueue, type SheetQueue } from "./queue.server";
import { sheetReader } from "./reader.server";
import { sheetStorage, type SheetStorage } from "./storage.server";

export type SheetService = { storage: SheetStorage; queue: SheetQueue; quota: { bytes: number; upgradedBytes: number } };

// One per process: the server entry starts the queue and the Remix build's routes use it, through globalThis.
const holder = globalThis as typeof globalThis & { __kiebitzSheets?: SheetService };

/**
 * The sheet storage and reading queue of this process (the reader starts on first use), made on the first call from
 * `settings` (by default the process's configuration; a test's fleet of its own services gives its own).
 */
export function sheetService(settings: Pick<Config, "sheetStorage" | "temporal" | "sheetsInFlight" | "sheetQuota"> = config()): SheetService {
  if (!holder.__kiebitzSheets) {
    let queue: SheetQueue | null = null;
    const lazyQueue = () => (queue ??= createSheetQueue(db(), sheetReader(settings), { runners: settings.sheetsInFlight }));
    holder.__kiebitzSheets = {
      storage: sheetStorage(settings.sheetStorage),
      quota: settings.sheetQuota,
      get queue() {
        return lazyQueue();
      },
    };
  }
  return holder.__kiebitzSheets;
}
