import { bundleWorkflowCode } from "@temporalio/worker";
import { describe, expect, it } from "vitest";
import { readScoreSheet, type PageSummary, type SheetActivities } from "./steps";

const done = { status: 2 as const, confidence: 1 };
const page = (handle: string, layoutStatus: 2 | 11 = 2): PageSummary => ({
  handle,
  readingKey: `readings/${handle}.json`,
  layout: { status: layoutStatus, confidence: layoutStatus === 2 ? 1 : 0, layout: layoutStatus === 2 ? "kiebitz-60" : null, page: layoutStatus === 2 ? 1 : null },
  boxes: layoutStatus === 2 ? done : { status: 0, confidence: 0 },
  round: { status: 2, value: 3, confidence: 0.9 },
  board: { status: 2, value: 12, confidence: 0.9 },
  moves: [{ ply: 0, text: "e4" }],
});

function activities(failing: string[] = []) {
  const calls: string[] = [];
  const fake: SheetActivities = {
    async readStoredPage({ handle }) {
      calls.push(`read ${handle}`);
      return page(handle, failing.includes(handle) ? 11 : 2);
    },
    async decodeStoredGame({ readingKeys, otherPlayerReadingKeys, language }) {
      calls.push(`decode ${readingKeys.join("+")} / ${otherPlayerReadingKeys.join("+")} ${language}`);
      return { moves: [{ ply: 0, san: "e4", confidence: 0.99, flagged: false }], fen: "", logLikelihood: -1 };
    },
  };
  return { fake, calls };
}

describe("sheet-reading workflow", () => {
  it("bundles for Temporal's workflow sandbox (no Node APIs reach the workflow code)", async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath: new URL("./index.ts", import.meta.url).pathname, logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} } as never });
    expect(code).toContain("readScoreSheetWorkflow");
    expect(code).not.toContain("node:fs");
  }, 120_000);

  it("reads every page of both players' sheets, then decodes the game from the usable ones", async () => {
    const { fake, calls } = activities();
    const result = await readScoreSheet(fake, { handles: ["w-1", "w-2"], otherPlayerHandles: ["b-1"], language: "DE" });
    expect(result.status).toBe("read");
    expect(calls.filter((c) => c.startsWith("read")).sort()).toEqual(["read b-1", "read w-1", "read w-2"]);
    expect(calls.at(-1)).toBe("decode readings/w-1.json+readings/w-2.json / readings/b-1.json DE");
    expect(result.game?.moves[0].san).toBe("e4");
  });

  it("stops with the pages' codes when a page's layout is not detected, without guessing a game", async () => {
    const { fake, calls } = activities(["w-2"]);
    const result = await readScoreSheet(fake, { handles: ["w-1", "w-2"], language: "EN" });
    expect(result.status).toBe("failed");
    expect(result.pages.map((p) => p.layout.status)).toEqual([2, 11]);
    expect(result.game).toBeNull();
    expect(calls.some((c) => c.startsWith("decode"))).toBe(false);
  });

  it("leaves an unreadable opponent's sheet out of the decoding instead of failing the game", async () => {
    const { fake, calls } = activities(["b-1"]);
    const result = await readScoreSheet(fake, { handles: ["w-1"], otherPlayerHandles: ["b-1"], language: "EN" });
    expect(result.status).toBe("read");
    expect(calls.at(-1)).toBe("decode readings/w-1.json /  EN");
  });
});
