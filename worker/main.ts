/**
 * A vision worker of the production setup: runs the sheet-reading workflow and its activities for a
 * Temporal cluster (TEMPORAL_ADDRESS), with sheets in MinIO (MINIO_*). WORKER_CONCURRENCY sheets at
 * once (the recognizer uses one core: run one worker per core rather than more per worker);
 * /health and /metrics on WORKER_HEALTH_PORT. Start: npm run worker
 */
import { NativeConnection, Worker } from "@temporalio/worker";
import { ConfigError, config } from "~/lib/config.server";
import { sheetStorage } from "~/sheets/storage.server";
import { createActivities, type ReadingCounts } from "./activities";
import { healthServer } from "./health";
import { loadRecognizers } from "./model/recognizer";
import { untilItWorks } from "./retry";

const settings = config();
if (!settings.temporal) throw new ConfigError("Invalid configuration:\n  - TEMPORAL_ADDRESS: is required for the worker (e.g. temporal:7233)");
const recognizers = await loadRecognizers();
const { address, namespace, taskQueue } = settings.temporal;
const counts: ReadingCounts = { read: 0, failed: 0, decoded: 0, reading: 0 };
const activities = createActivities(sheetStorage(settings.sheetStorage), recognizers, counts);
const workflowsPath = new URL("../workflows/index.ts", import.meta.url).pathname;
// the server may not answer yet, nor know its namespace yet (a cluster starting): tried until it does
const { connection, worker } = await untilItWorks(`Connecting to Temporal at ${address}`, async () => {
  const connection = await NativeConnection.connect({ address });
  try {
    return { connection, worker: await Worker.create({ connection, namespace, taskQueue, workflowsPath, activities, maxConcurrentActivityTaskExecutions: settings.worker.concurrency }) };
  } catch (error) {
    await connection.close();
    throw error;
  }
});
const health = settings.worker.healthPort ? healthServer(settings.worker.healthPort, () => worker.getState() === "RUNNING", counts, settings.worker.concurrency) : null;
console.log(`vision worker on ${address}, queue ${taskQueue}, ${settings.worker.concurrency} at once${health ? `, health on :${settings.worker.healthPort}` : ""}`);
await worker.run();
health?.close();
await connection.close();
