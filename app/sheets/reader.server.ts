import { setTimeout as sleep } from "node:timers/promises";
import { ApplicationFailure, Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowFailedError, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from "@temporalio/client";
import { abortableCalls, whenAborted } from "~/lib/abortable.server";
import type { Config } from "~/lib/config.server";
import { repositoryFile, typeScriptThread } from "~/lib/thread.server";
import type { DecodeInput, DecodedSheets, PageSummary, ScanInput } from "../../workflows/steps";

/** Reads sheets: in a worker thread of the app (embedded default) or on Temporal's vision workers. */
export type SheetReader = {
  /** Scans one photo; `id` names the reading so that a reading begun before a restart is joined, not repeated. */
  scan(input: ScanInput, id: string): Promise<PageSummary>;
  decode(input: DecodeInput, id: string): Promise<DecodedSheets | null>;
  close(): Promise<void>;
};

/** A reading that cannot succeed however often it is tried (not a JPEG the reader can decode). */
export class UnreadableSheetError extends Error {
  override name = "UnreadableSheetError";
}

/**
 * The reader could not be reached (the Temporal cluster is restarting or away): not the sheet's
 * fault, so it does not count as a failed reading; the sheet waits and is read later.
 */
export class ReaderUnavailableError extends Error {
  override name = "ReaderUnavailableError";
}

/**
 * The reader's young generation, as V8's semi-space (MB; node's --max-semi-space-size, as the fleet's workers are started
 * with in package.json and docker-compose.yml): decoding makes short-lived objects by the million, and in V8's default
 * of 16 MB each scavenge copies the search's living games and caches again; at 64 a page is read and decoded about 7%
 * faster, the same readings (README, "A larger young generation for the reader").
 */
export const READER_SEMI_SPACE_MB = 64;

/**
 * The embedded reader: a worker thread running the activities (worker/thread.ts), its young generation
 * READER_SEMI_SPACE_MB (a thread's young generation holds three semi-spaces). A thread that
 * stops (a crash, out of memory) fails the readings it had and is started afresh for the next one.
 */
export function threadReader(storage: Config["sheetStorage"]): SheetReader {
  const thread = typeScriptThread(
    repositoryFile("worker/thread.ts"),
    { storage },
    {
      failed: (error) => (error.name === "InvalidSheetError" ? new UnreadableSheetError(error.message) : new Error(error.message)),
      // readings cut off by closing the reader are not failed readings: they are read again later
      stopped: (error, closing) => (closing ? new ReaderUnavailableError("sheet reader closed") : error),
    },
    { maxYoungGenerationSizeMb: 3 * READER_SEMI_SPACE_MB },
  );
  return {
    scan: (input) => thread.call("scan", input),
    decode: (input) => thread.call("decode", input),
    close: () => thread.close(),
  };
}

/**
 * Temporal's client retries a failed call (the server away) after a timer, and a retry whose timer fires
 * after the connection was closed throws inside that timer: an uncaught exception, which stops the
 * process. So once closing, no call is retried, and the connection is closed only after the last retry
 * already scheduled has gone out (at most the client's longest backoff, 5 s).
 */
function retriesEndingOnClose() {
  const defaults = defaultGrpcRetryOptions();
  let closing = false;
  let lastRetry = 0;
  const interceptor = makeGrpcRetryInterceptor({
    retryableDecider: (attempt, status) => !closing && defaults.retryableDecider(attempt, status),
    delayFunction: (attempt, status) => {
      const delay = defaults.delayFunction(attempt, status);
      lastRetry = Math.max(lastRetry, Date.now() + delay);
      return delay;
    },
  });
  return {
    interceptor,
    get closing() {
      return closing;
    },
    /** Stops retrying; resolves once no retry is scheduled any more. */
    async close() {
      closing = true;
      const wait = lastRetry - Date.now();
      if (wait > 0) await sleep(wait + 50);
    },
  };
}

export function temporalReader(temporal: NonNullable<Config["temporal"]>): SheetReader {
  const retries = retriesEndingOnClose();
  // Connected on the first call, and again on the next where connecting failed: an app started before its Temporal
  // server answers (Temporal's client gives up after 10 s) reads once the server is there. A failed connection is
  // only ever seen by a call, never left unhandled (an unhandled rejection stops the process).
  let connecting: Promise<Client> | null = null;
  let open: Connection | null = null;
  const connected = () =>
    (connecting ??= Connection.connect({ address: temporal.address, interceptors: [retries.interceptor] }).then(
      (connection) => {
        // made after the reader closed (closing does not wait for a connection in the making): closed at once
        if (retries.closing) void connection.close();
        else open = connection;
        return new Client({ connection, namespace: temporal.namespace });
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    ));
  // Closing the connection lets calls in flight run on (a reading's result is waited for until the workflow
  // ends): closing aborts them instead, so that a stopping app does not wait for the fleet's readings.
  const inFlight = abortableCalls();
  async function run<T>(workflow: string, input: unknown, workflowId: string): Promise<T> {
    if (retries.closing) throw new ReaderUnavailableError("sheet reader closed");
    try {
      // A reading under this id that is running or completed is joined, never repeated (after an app
      // restart, or when Temporal was away); only a failed one is started again.
      return await inFlight.run(async (signal) => {
        // closing ends a call that waits for the connection too (Temporal's client tries for up to 10 s)
        const client = await Promise.race([connected(), whenAborted(signal)]);
        const workflows = client.workflow;
        return client.withAbortSignal(signal, async () => {
          const handle = await workflows
            .start(workflow, { taskQueue: temporal.taskQueue, workflowId, args: [input], workflowIdReusePolicy: "ALLOW_DUPLICATE_FAILED_ONLY" })
            .catch(async (error) => {
              if (error instanceof WorkflowExecutionAlreadyStartedError) return workflows.getHandle(workflowId);
              throw error;
            });
          return (await handle.result()) as T;
        });
      });
    } catch (error) {
      for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
        if (cause instanceof ApplicationFailure && cause.type === "InvalidSheetError") throw new UnreadableSheetError(cause.message);
      }
      // the workflow ran and failed (its retries spent): a failed reading; anything else: Temporal was not reached
      if (error instanceof WorkflowFailedError) throw error;
      throw new ReaderUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
  return {
    scan: (input, id) => run("scanSheetWorkflow", input, id),
    decode: (input, id) => run("decodeGameWorkflow", input, id),
    close: async () => {
      const retried = retries.close();
      inFlight.abort();
      await retried;
      await open?.close();
    },
  };
}

export function sheetReader(settings: Pick<Config, "sheetStorage" | "temporal">): SheetReader {
  return settings.temporal ? temporalReader(settings.temporal) : threadReader(settings.sheetStorage);
}
