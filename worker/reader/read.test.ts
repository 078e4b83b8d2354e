import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MockActivityEnvironment } from "@temporalio/testing";
import { Chess } from "chess.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage } from "~/sheets/storage.server";
import { readScoreSheet } from "../../workflows/steps";
import { InvalidSheetError, createActivities } from "../activities";
import { loadRecognizer } from "../model/recognizer";
import { heldOutSheet, type HeldOutSheet } from "../synth/heldout";
import { readGame, readPage } from "./read";

let sheet: HeldOutSheet;
let folder: string;

beforeAll(async () => {
  // a two-player sheet in a font the recognizer never saw in training (German notation)
  sheet = await heldOutSheet(1);
  folder = await mkdtemp(path.join(tmpdir(), "kiebitz-sheets-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const rightShare = (sans: string[], truth: string[]) => sans.filter((san, i) => san === truth[i]).length / truth.length;

describe("score-sheet reader with the shipped weights", () => {
  it("loads the committed recognizer", async () => {
    const model = await loadRecognizer();
    expect(model.inputs[0].shape).toEqual([null, 32, 160, 1]);
  });

  it("reads a photographed sheet: layout, round, board and a legal game with per-move confidence", async () => {
    const [page] = sheet.pages;
    const reading = await readPage(page.jpeg);
    expect(reading.layout).toMatchObject({ status: 2, layout: "kiebitz-60", page: 1 });
    expect(reading.boxes.status).toBe(2);
    expect(reading.round).toMatchObject({ status: 2, value: page.round });
    expect(reading.board).toMatchObject({ status: 2, value: page.board });
    const game = readGame([reading], page.language);
    expect(game.moves).toHaveLength(page.sans.length);
    const chess = new Chess();
    for (const move of game.moves) {
      chess.move(move.san); // throws on an illegal move
      expect(move.confidence).toBeGreaterThanOrEqual(0);
      expect(move.confidence).toBeLessThanOrEqual(1);
    }
    expect(rightShare(game.moves.map((m) => m.san), page.sans)).toBeGreaterThan(0.8);
  });

  it("fails with 'layout not detected' (11) on a photo that shows no form, instead of guessing", async () => {
    const noise = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 110, b: 100 } } }).jpeg().toBuffer();
    const reading = await readPage(noise);
    expect(reading.layout.status).toBe(11);
    expect(reading.boxes.status).toBe(0);
    expect(reading.round).toMatchObject({ status: 0, value: null });
    expect(reading.moves).toEqual([]);
  });

  it("runs as Temporal activities over stored photos, and in-process with the workflow's steps", async () => {
    const storage = diskStorage(folder);
    await storage.put("t-1/white.jpg", sheet.pages[0].jpeg);
    await storage.put("t-1/black.jpg", sheet.otherPlayer![0].jpeg);
    await storage.put("t-1/broken.jpg", Buffer.from("not a photo"));
    const activities = createActivities(storage);
    const environment = new MockActivityEnvironment();
    const summary = await environment.run(activities.readStoredPage, { handle: "t-1/white.jpg" });
    expect(summary).toMatchObject({ handle: "t-1/white.jpg", readingKey: "readings/t-1/white.jpg.json", layout: { status: 2 } });
    await expect(environment.run(activities.readStoredPage, { handle: "t-1/broken.jpg" })).rejects.toBeInstanceOf(InvalidSheetError);

    const result = await readScoreSheet(activities, { handles: ["t-1/white.jpg"], otherPlayerHandles: ["t-1/black.jpg"], language: sheet.pages[0].language });
    expect(result.status).toBe("read");
    expect(result.otherPlayerPages[0].round.value).toBe(sheet.pages[0].round);
    expect(rightShare(result.game!.moves.map((m) => m.san), sheet.pages[0].sans)).toBeGreaterThan(0.85);
  });
});
