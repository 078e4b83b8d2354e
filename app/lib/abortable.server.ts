import { setMaxListeners } from "node:events";

/**
 * Calls that one `abort()` ends, each given an AbortSignal of its own. A library may add an 'abort' listener to the
 * signal of each request it makes and never remove it (Temporal's client does, for every gRPC call): given one
 * long-lived signal, such listeners pile up for as long as the process runs, each holding its call. A call's own
 * signal is let go with the call, and only while the call runs is it tied to the shared one. Neither warns of many
 * listeners (node's MaxListenersExceededWarning at 11): the shared signal holds one per call running, which the caller
 * bounds, and a call's own one per request of that call (a long wait polls again and again).
 */
export type AbortableCalls = {
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  abort(): void;
  /** Aborted once `abort()` was called; listeners on it are those of the calls running. */
  readonly signal: AbortSignal;
};

export function abortableCalls(): AbortableCalls {
  const all = new AbortController();
  setMaxListeners(0, all.signal);
  return {
    async run(call) {
      const own = new AbortController();
      setMaxListeners(0, own.signal);
      const abort = () => own.abort(all.signal.reason);
      if (all.signal.aborted) abort();
      else all.signal.addEventListener("abort", abort, { once: true });
      try {
        return await call(own.signal);
      } finally {
        all.signal.removeEventListener("abort", abort);
      }
    },
    abort: () => all.abort(),
    signal: all.signal,
  };
}

/** Rejects with the signal's reason once it aborts (at once where it has), never resolves: raced against what a call waits for. */
export const whenAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
