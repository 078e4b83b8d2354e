import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ApplicationFailure, Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from "@temporalio/client";
import type { Config } from "~/lib/config.server";
import type { DecodedGame } from "../../worker/reader/decode";
import type { ThreadReply, ThreadRequest } from "../../worker/thread";
import type { DecodeInput, PageSummary, ScanInput } from "../../workflows/steps";

/** Reads sheets: in a worker thread of the app (embedded default) or on Temporal's vision workers. */
export type SheetReader = {
  /** Scans one photo; `id` names the reading so that a reading begun before a restart is joined, not repeated. */
  scan(input: ScanInput, id: string): Promise<PageSummary>;
  decode(input: DecodeInput, id: string): Promise<DecodedGame | null>;
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

/** worker/thread.ts, found from this module whether it runs from app/sheets or from the built bundle. */
function threadFile(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, "worker", "thread.ts");
    if (existsSync(file)) return file;
  }
  throw new Error("worker/thread.ts not found");
}

type Thread = { worker: Worker; ready: Promise<void>; failure: Error | null };

/**
 * The embedded reader: a worker thread running the activities. A thread that stops (a crash, out of
 * memory) fails the readings it had and is started afresh for the next one.
 */
export function threadReader(storage: Config["sheetStorage"]): SheetReader {
  // the thread runs the TypeScript sources through tsx, whether the app runs from its build or from sources
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(threadFile()).href)}); })`;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  let current: Thread | null = null;
  let closing = false;

  function spawn(): Thread {
    const worker = new Worker(start, { eval: true, workerData: { storage } });
    worker.unref();
    const thread: Thread = { worker, ready: Promise.resolve(), failure: null };
    thread.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: ThreadReply) => {
        if (reply.id === 0) return resolve();
        const call = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (!call) return;
        if (!reply.error) return call.resolve(reply.value);
        call.reject(reply.error.name === "InvalidSheetError" ? new UnreadableSheetError(reply.error.message) : new Error(reply.error.message));
      });
      const fail = (stopped: Error) => {
        // readings cut off by closing the reader are not failed readings: they are read again later
        const error = closing ? new ReaderUnavailableError("sheet reader closed") : stopped;
        thread.failure = error;
        reject(error);
        for (const call of waiting.values()) call.reject(error);
        waiting.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`sheet reader thread stopped (${code})`)));
    });
    thread.ready.catch(() => {});
    return thread;
  }

  const call = async <T>(kind: ThreadRequest["kind"], input: unknown): Promise<T> => {
    if (closing) throw new ReaderUnavailableError("sheet reader closed");
    if (!current || current.failure) current = spawn();
    const thread = current;
    await thread.ready;
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.worker.postMessage({ id, kind, input } satisfies ThreadRequest);
    });
  };
  return {
    scan: (input) => call("scan", input),
    decode: (input) => call("decode", input),
    close: async () => {
      closing = true;
      await current?.worker.terminate();
    },
  };
}

export function temporalReader(temporal: NonNullable<Config["temporal"]>): SheetReader {
  const connecting = Connection.connect({ address: temporal.address });
  const client = connecting.then((connection) => new Client({ connection, namespace: temporal.namespace }));
  let closed = false;
  async function run<T>(workflow: string, input: unknown, workflowId: string): Promise<T> {
    if (closed) throw new ReaderUnavailableError("sheet reader closed");
    try {
      const workflows = (await client).workflow;
      // A reading under this id that is running or completed is joined, never repeated (after an app
      // restart, or when Temporal was away); only a failed one is started again.
      const handle = await workflows
        .start(workflow, { taskQueue: temporal.taskQueue, workflowId, args: [input], workflowIdReusePolicy: "ALLOW_DUPLICATE_FAILED_ONLY" })
        .catch(async (error) => {
          if (error instanceof WorkflowExecutionAlreadyStartedError) return workflows.getHandle(workflowId);
          throw error;
        });
      return (await handle.result()) as T;
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
      closed = true;
      await (await connecting).close();
    },
  };
}

export function sheetReader(settings: Pick<Config, "sheetStorage" | "temporal">): SheetReader {
  return settings.temporal ? temporalReader(settings.temporal) : threadReader(settings.sheetStorage);
}
