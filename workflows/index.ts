import { proxyActivities } from "@temporalio/workflow";
import { decodeGame, scanSheet, type DecodeInput, type DecodedSheets, type PageSummary, type ScanInput, type SheetActivities } from "./steps";

/**
 * Retries with backoff (1 s, 2 s, 4 s …) for what may pass (a worker stopped, storage away for a
 * while); a photo that is no image is not retried. Bounded: the sheet is then failed with code 10.
 */
/**
 * A worker that dies in the middle of a sheet stops heartbeating: after 30 s the reading is given
 * to another worker (not after the 2 minutes a reading may take at most).
 */
const activities = proxyActivities<SheetActivities>({
  startToCloseTimeout: "2 minutes",
  heartbeatTimeout: "30 seconds",
  retry: { initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "30 seconds", maximumAttempts: 6, nonRetryableErrorTypes: ["InvalidSheetError"] },
});

/** Temporal workflow: scans one photographed page on a vision worker. */
export async function scanSheetWorkflow(input: ScanInput): Promise<PageSummary> {
  return scanSheet(activities, input);
}

/** Temporal workflow: decodes the game of one or more scanned pages. */
export async function decodeGameWorkflow(input: DecodeInput): Promise<DecodedSheets | null> {
  return decodeGame(activities, input);
}
