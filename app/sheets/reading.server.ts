import { Client, Connection } from "@temporalio/client";
import { config } from "~/lib/config.server";
import { createActivities } from "../../worker/activities";
import { readScoreSheet, type ReadSheetInput, type ReadSheetResult } from "../../workflows/steps";
import { sheetStorage } from "./storage.server";

/**
 * Reads a stored score sheet: on the Temporal cluster's vision workers when TEMPORAL_ADDRESS is
 * set, otherwise in this process with the same steps and activities.
 */
export async function readStoredSheet(input: ReadSheetInput, workflowId: string): Promise<ReadSheetResult> {
  const settings = config();
  if (!settings.temporal) return readScoreSheet(createActivities(sheetStorage(settings.sheetStorage)), input);
  const connection = await Connection.connect({ address: settings.temporal.address });
  try {
    const client = new Client({ connection, namespace: settings.temporal.namespace });
    return await client.workflow.execute("readScoreSheetWorkflow", { taskQueue: settings.temporal.taskQueue, workflowId, args: [input] });
  } finally {
    await connection.close();
  }
}
