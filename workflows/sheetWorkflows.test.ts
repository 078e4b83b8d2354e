import { readFileSync } from "node:fs";
import { bundleWorkflowCode, Worker } from "@temporalio/worker";
import { describe, expect, it } from "vitest";
import { decodeGame, scanSheet, usablePage, type SheetActivities } from "./steps";

function activities() {
  const calls: string[] = [];
  const fake: SheetActivities = {
    async readStoredPage({ handle }) {
      calls.push(`read ${handle}`);
      throw new Error("not called in these tests");
    },
    async decodeStoredGame({ readingKeys, language, prefix }) {
      calls.push(`decode ${readingKeys.join("+")} ${language} after ${(prefix ?? []).join(" ")}`);
      return { moves: [{ ply: 0, san: "e4", confidence: 0.99, flagged: false }], fen: "", logLikelihood: -1, unfamiliarHand: false, leftOut: [], otherGames: [] };
    },
  };
  return { fake, calls };
}

describe("sheet-reading workflows", () => {
  it("bundle for Temporal's workflow sandbox (no Node APIs reach the workflow code)", async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath: new URL("./index.ts", import.meta.url).pathname, logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} } as never });
    expect(code).toContain("scanSheetWorkflow");
    expect(code).toContain("decodeGameWorkflow");
    expect(code).not.toContain("node:fs");
  }, 120_000);

  it("replay a history recorded on a real Temporal server (tests/integration/temporal.test.ts): a change that breaks determinism fails here", async () => {
    const history: unknown = JSON.parse(readFileSync(new URL("./testdata/scanSheetWorkflow.history.json", import.meta.url), "utf8"));
    await expect(Worker.runReplayHistory({ workflowsPath: new URL("./index.ts", import.meta.url).pathname }, history, "recorded")).resolves.toBeUndefined();
  }, 120_000);

  it("decode every page of a game's sheets together, after the moves a person confirmed", async () => {
    const { fake, calls } = activities();
    const game = await decodeGame(fake, { readingKeys: ["readings/w-1.json", "readings/w-2.json", "readings/b-1.json"], language: "DE", prefix: ["e4"] });
    expect(calls).toEqual(["decode readings/w-1.json+readings/w-2.json+readings/b-1.json DE after e4"]);
    expect(game?.moves[0].san).toBe("e4");
  });

  it("decode nothing when no page of the game could be read", async () => {
    const { fake, calls } = activities();
    expect(await decodeGame(fake, { readingKeys: [], language: "EN" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("scan a photo with the page activity and tell usable pages by their layout and box codes", async () => {
    const { fake, calls } = activities();
    await expect(scanSheet(fake, { handle: "t1/a.jpg" })).rejects.toThrow();
    expect(calls).toEqual(["read t1/a.jpg"]);
    expect(usablePage({ layout: { status: 2, confidence: 1, layout: "kiebitz-60", page: 1 }, boxes: { status: 2, confidence: 1 } })).toBe(true);
    expect(usablePage({ layout: { status: 11, confidence: 0, layout: null, page: null }, boxes: { status: 0, confidence: 0 } })).toBe(false);
  });
});
