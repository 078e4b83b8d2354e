import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { abortableCalls, whenAborted } from "./abortable.server";

/** A request as Temporal's client makes one: a listener added to the signal it is given, never removed. */
const request = (signal: AbortSignal, done: Promise<void>) =>
  new Promise<string>((resolve, reject) => {
    signal.addEventListener("abort", () => reject(new Error("aborted")));
    void done.then(() => resolve("answered"));
  });

describe("abortable calls", () => {
  it("leave no listener on the shared signal once done, however many requests listened to their own", async () => {
    const calls = abortableCalls();
    for (let i = 0; i < 100; i++) expect(await calls.run((signal) => request(signal, Promise.resolve()))).toBe("answered");
    expect(getEventListeners(calls.signal, "abort")).toHaveLength(0);
  });

  it("are ended by abort() while they run, and a call after it starts aborted", async () => {
    const calls = abortableCalls();
    const never = new Promise<void>(() => {});
    const running = [calls.run((signal) => request(signal, never)), calls.run((signal) => request(signal, never))];
    expect(getEventListeners(calls.signal, "abort")).toHaveLength(2);
    calls.abort();
    for (const call of running) await expect(call).rejects.toThrow("aborted");
    expect(getEventListeners(calls.signal, "abort")).toHaveLength(0);
    expect(await calls.run(async (signal) => signal.aborted)).toBe(true);
  });
});

describe("whenAborted", () => {
  it("rejects with the signal's reason once it aborts, and at once where it had", async () => {
    const controller = new AbortController();
    const waiting = whenAborted(controller.signal);
    controller.abort(new Error("closing"));
    await expect(waiting).rejects.toThrow("closing");
    await expect(whenAborted(controller.signal)).rejects.toThrow("closing");
  });
});
