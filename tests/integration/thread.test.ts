import { afterEach, describe, expect, it } from "vitest";
import { repositoryFile, typeScriptThread, type TypeScriptThread } from "~/lib/thread.server";
import { READER_SEMI_SPACE_MB } from "~/sheets/reader.server";

/** Work in a worker thread: the heap it is given (the sheet reader's larger young generation). */
const errors = { failed: (error: { message: string }) => new Error(error.message), stopped: (error: Error) => error };
let thread: TypeScriptThread | null = null;
afterEach(() => thread?.close());

describe("a TypeScript thread", () => {
  it("runs with the young generation it is given: the reader's semi-spaces of READER_SEMI_SPACE_MB, not V8's default", async () => {
    thread = typeScriptThread(repositoryFile("tests/integration/heapThread.ts"), null, errors, { maxYoungGenerationSizeMb: 3 * READER_SEMI_SPACE_MB });
    // the new space is two semi-spaces
    expect(await thread.call<number>("largest", null)).toBe(2 * READER_SEMI_SPACE_MB);
    await thread.close();
    thread = typeScriptThread(repositoryFile("tests/integration/heapThread.ts"), null, errors);
    expect(await thread.call<number>("largest", null)).toBeLessThan(2 * READER_SEMI_SPACE_MB);
  });
});
