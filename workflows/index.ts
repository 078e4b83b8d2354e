import { proxyActivities } from "@temporalio/workflow";
import { readScoreSheet, type ReadSheetInput, type ReadSheetResult, type SheetActivities } from "./steps";

const activities = proxyActivities<SheetActivities>({
  startToCloseTimeout: "2 minutes",
  retry: { maximumAttempts: 3, nonRetryableErrorTypes: ["InvalidSheetError"] },
});

/** Temporal workflow: reads a score sheet's pages on the vision workers, then decodes its game. */
export async function readScoreSheetWorkflow(input: ReadSheetInput): Promise<ReadSheetResult> {
  return readScoreSheet(activities, input);
}
