import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, Worker, type ResourceLimits } from "node:worker_threads";

/**
 * Work that would hold up the app's pages for seconds (reading a sheet, pairing a large round) runs
 * in a worker thread: a TypeScript module of the repository, run through tsx whether the app runs
 * from its build or from sources, answering one message per call. A thread that stops (a crash,
 * out of memory) fails the calls it had and is started afresh for the next one.
 */
type ThreadRequest = { id: number; kind: string; input: unknown };
type ThreadReply = { id: number; value?: unknown; error?: { name: string; message: string } };

/** A file of the repository (e.g. "worker/thread.ts"), found from this module whether it runs from app/lib or from the built bundle. */
export function repositoryFile(relative: string): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, relative);
    if (existsSync(file)) return file;
  }
  throw new Error(`${relative} not found`);
}

type Thread = { worker: Worker; ready: Promise<void>; failure: Error | null };

export type TypeScriptThread = {
  call<T>(kind: string, input: unknown): Promise<T>;
  close(): Promise<void>;
};

/**
 * Calls to the module `file` in a worker thread (started on the first call). `failed` turns an
 * error the module answered with into the caller's error; `stopped` the end of the thread (or of
 * the calls once closing) into the error of the calls it had; `resourceLimits`, the thread's heap.
 */
export function typeScriptThread(
  file: string,
  workerData: unknown,
  errors: { failed: (error: { name: string; message: string }) => Error; stopped: (error: Error, closing: boolean) => Error },
  resourceLimits?: ResourceLimits,
): TypeScriptThread {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  let current: Thread | null = null;
  let closing = false;

  function spawn(): Thread {
    const worker = new Worker(start, { eval: true, workerData, resourceLimits });
    worker.unref();
    const thread: Thread = { worker, ready: Promise.resolve(), failure: null };
    thread.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (reply: ThreadReply) => {
        if (reply.id === 0) return resolve();
        const call = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (!call) return;
        if (!reply.error) return call.resolve(reply.value);
        call.reject(errors.failed(reply.error));
      });
      const fail = (cause: Error) => {
        const error = errors.stopped(cause, closing);
        thread.failure = error;
        reject(error);
        for (const call of waiting.values()) call.reject(error);
        waiting.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`the thread running ${path.basename(file)} stopped (${code})`)));
    });
    thread.ready.catch(() => {});
    return thread;
  }

  return {
    async call<T>(kind: string, input: unknown): Promise<T> {
      if (closing) throw errors.stopped(new Error("closed"), true);
      if (!current || current.failure) current = spawn();
      const thread = current;
      await thread.ready;
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        thread.worker.postMessage({ id, kind, input } satisfies ThreadRequest);
      });
    },
    async close() {
      closing = true;
      await current?.worker.terminate();
    },
  };
}

/** The thread's side: answers each call with `handle` (one at a time), after saying it is ready. */
export function serveThread(handle: (kind: string, input: unknown) => unknown) {
  parentPort!.on("message", async ({ id, kind, input }: ThreadRequest) => {
    try {
      parentPort!.postMessage({ id, value: await handle(kind, input) } satisfies ThreadReply);
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      parentPort!.postMessage({ id, error: { name, message } } satisfies ThreadReply);
    }
  });
  parentPort!.postMessage({ id: 0 } satisfies ThreadReply);
}
