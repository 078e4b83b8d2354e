import { Connection } from "@temporalio/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { temporalReader } from "./reader.server";

afterEach(() => vi.restoreAllMocks());

describe("the Temporal reader", () => {
  it("closes without waiting for a connection still being made, and the call waiting for it ends as 'not reached'", async () => {
    // a server that does not answer: Temporal's client would go on trying for 10 s
    let made: (connection: Connection) => void = () => {};
    const connect = vi.spyOn(Connection, "connect").mockImplementation(() => new Promise((resolve) => (made = resolve)));
    const reader = temporalReader({ address: "127.0.0.1:1", namespace: "default", taskQueue: "sheet-reading" });
    const outcome = reader.decode({ readingKeys: [], language: "EN" }, "waiting-for-a-connection").then(() => "read", (error: Error) => error.name);
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    await reader.close();
    expect(await outcome).toBe("ReaderUnavailableError");
    // the connection made after all is closed at once, not left open
    const close = vi.fn(async () => {});
    made({ close } as unknown as Connection);
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
  });
});
