/**
 * A vision worker of the production setup: runs the sheet-reading workflow and its activities for a
 * Temporal cluster (TEMPORAL_ADDRESS), with sheets in MinIO (MINIO_*). Start: npm run worker
 */
import { NativeConnection, Worker } from "@temporalio/worker";
import { ConfigError, config } from "~/lib/config.server";
import { sheetStorage } from "~/sheets/storage.server";
import { createActivities } from "./activities";
import { loadRecognizer } from "./model/recognizer";

const settings = config();
if (!settings.temporal) throw new ConfigError("Invalid configuration:\n  - TEMPORAL_ADDRESS: is required for the worker (e.g. temporal:7233)");
const model = await loadRecognizer();
const connection = await NativeConnection.connect({ address: settings.temporal.address });
const worker = await Worker.create({
  connection,
  namespace: settings.temporal.namespace,
  taskQueue: settings.temporal.taskQueue,
  workflowsPath: new URL("../workflows/index.ts", import.meta.url).pathname,
  activities: createActivities(sheetStorage(settings.sheetStorage), model),
  // one sheet at a time per worker: the recognizer uses one core
  maxConcurrentActivityTaskExecutions: 1,
});
console.log(`vision worker on ${settings.temporal.address}, queue ${settings.temporal.taskQueue}`);
await worker.run();
