import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MockActivityEnvironment } from "@temporalio/testing";
import { Chess } from "chess.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadReader, UnreadableSheetError } from "~/sheets/reader.server";
import { diskStorage } from "~/sheets/storage.server";
import { InvalidSheetError, createActivities } from "../activities";
import type { StoredReading } from "./stored";
import { SHIPPED_CALIBRATION, reviewThreshold } from "./calibration";
import { FRAMES, buildRecognizer, loadRecognizers, recognizerHead } from "../model/recognizer";
import { heldOutSheet, type HeldOutSheet } from "../synth/heldout";
import { gamesApart, lastPly, readGame, readNumber, readPage, sheetsOf, type PageMoves } from "./read";
import { frames } from "./testFrames";
import { sureNumbers } from "~/sheets/assignment";
import { readGameAdaptedToWriter } from "./writer";
import type { PageSummary } from "../../workflows/steps";

let sheet: HeldOutSheet;
let folder: string;

beforeAll(async () => {
  // a two-player sheet in a font the recognizer never saw in training (German notation)
  sheet = await heldOutSheet(1);
  folder = await mkdtemp(path.join(tmpdir(), "kiebitz-sheets-"));
  // the configuration is read on first use: sheets of this test live in its own folder
  process.env.DATA_DIR = folder;
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Replays the decoded moves; chess.js throws on an illegal one. */
function replay(sans: string[]): Chess {
  const chess = new Chess();
  for (const san of sans) chess.move(san);
  return chess;
}

/** A number the reader found, or its honest 'no value detected' (accuracy over many sheets is the benchmark's to measure). */
function expectValue(value: { status: number; value: number | null; confidence: number }) {
  expect([2, 11]).toContain(value.status);
  if (value.status === 2) expect(Number.isInteger(value.value) && value.value! > 0).toBe(true);
  else expect(value.value).toBeNull();
  expect(value.confidence).toBeGreaterThanOrEqual(0);
  expect(value.confidence).toBeLessThanOrEqual(1);
}

/** How many decoded moves are the moves written on the sheet. */
const rightMoves = (moves: { san: string }[], sans: string[]) => moves.filter((move, ply) => move.san === sans[ply]).length;

describe("sheets of another game among a game's sheets", () => {
  const sheet = (sans: readonly string[]): PageMoves => ({ moves: sans.map((san, ply) => ({ ply, logProbs: frames(san) })) });
  const ruyLopez = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"];
  const queensGambit = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "Nbd7", "Rc1", "c6"];
  const apart = (pages: PageMoves[], prefix: string[] = []) => gamesApart(pages, readGame(pages, "EN", { prefix }), "EN", { prefix });

  it("finds the sheet of another game beside this game's sheets, and beside this game's one sheet", () => {
    // beside two sheets of one game, the third is left out of the game read
    expect(readGame([sheet(ruyLopez), sheet(ruyLopez), sheet(queensGambit)], "EN").leftOut).toEqual([2]);
    expect(apart([sheet(ruyLopez), sheet(ruyLopez), sheet(queensGambit)])).toEqual({ kept: [0, 1], other: [2] });
    expect(apart([sheet(queensGambit), sheet(ruyLopez), sheet(ruyLopez)])).toEqual({ kept: [1, 2], other: [0] });
    expect(apart([sheet(ruyLopez), sheet(queensGambit)])).toEqual({ kept: [0], other: [1] });
    // a person confirmed this game's first moves: the other sheet is read alone without them
    expect(apart([sheet(ruyLopez), sheet(queensGambit)], ruyLopez.slice(0, 4))).toEqual({ kept: [0], other: [1] });
  });

  it("reads each sheet alone where the reader is lost on them together: the one read best alone is the game's", () => {
    // the first sheet has a box no move is written like: more of its moves are flagged alone
    const pages = [sheet(queensGambit.map((san, ply) => (ply === 4 ? "xxx" : san))), sheet(ruyLopez)];
    // two games' moves that no one game fits, so that every sheet fits the game read badly
    const lostOnBoth = { ...readGame(pages, "EN"), unfamiliarHand: true, leftOut: [] };
    expect(gamesApart(pages, lostOnBoth, "EN")).toEqual({ kept: [1], other: [0] });
  });

  it("finds none among sheets of one game, nor in a sheet whose hand the reader does not know", () => {
    expect(apart([sheet(ruyLopez), sheet(ruyLopez)])).toBeNull();
    expect(apart([sheet(ruyLopez)])).toBeNull();
    const unknownHand = sheet(ruyLopez.map(() => "xxx"));
    expect(readGame([sheet(ruyLopez), unknownHand], "EN").leftOut).toEqual([1]);
    expect(apart([sheet(ruyLopez), unknownHand])).toBeNull();
  });
});

describe("where a game ends on its sheet", () => {
  it("runs over a single unread box, and stops at two empty boxes in a row (a smudge far below is no move)", () => {
    expect(lastPly([0, 1, 2, 3])).toBe(3);
    expect(lastPly([1, 2, 4, 5])).toBe(5);
    expect(lastPly([0, 1, 2, 5, 7, 20])).toBe(2);
    expect(lastPly([0, 1, 2, 3, 6, 7, 12])).toBe(3);
    expect(lastPly([])).toBe(-1);
  });

  it("goes on over a longer gap where the writing goes on: moves left out in time trouble, first boxes too small to see", () => {
    // a player who wrote nothing for five moves, then four boxes and more
    expect(lastPly([0, 1, 2, 3, 14, 15, 16, 17, 18])).toBe(18);
    // Écolier's small writing (Debian's hands, engine game 9): only the first box of the first four counted as written
    expect(lastPly([0, 4, 5, 6, 8, 11, 13, 14, 15, 16, 17, 19, 20])).toBe(20);
    expect(lastPly([4, 5, 6, 7, 9])).toBe(9);
    // a note of three boxes after the game is none of it
    expect(lastPly([0, 1, 2, 3, 4, 5, 9, 10, 11])).toBe(5);
  });

  it("tells the writers apart among a game's pages: pages holding the same moves are different players' sheets", () => {
    const page = (from: number, to: number): PageMoves => ({ moves: Array.from({ length: to - from }, (_, i) => ({ ply: from + i, logProbs: new Float32Array() })) });
    // as the app orders them: first pages first, then second pages of the 120-move form
    const pages = [page(0, 120), page(0, 117), page(120, 160), page(120, 158)];
    const names = ["white 1", "black 1", "white 2", "black 2"];
    expect(sheetsOf(pages).map((sheet) => sheet.map((p) => names[pages.indexOf(p)]))).toEqual([
      ["white 1", "white 2"],
      ["black 1", "black 2"],
    ]);
  });
});

describe("round and board numbers, read by both recognizers", () => {
  it("is as sure of a number as both recognizers together: the geometric mean of their probabilities of it", () => {
    const clear = readNumber(frames("12"), frames("12"));
    expect(clear).toMatchObject({ status: 2, value: 12 });
    expect(clear.confidence).toBeGreaterThan(0.6);
    // one of them torn between 12 and 17 (two to one)
    const torn = readNumber(frames("12", { 1: "227" }), frames("12"));
    expect(torn).toMatchObject({ status: 2, value: 12 });
    expect(torn.confidence).toBeCloseTo(clear.confidence * Math.sqrt(2 / 3), 3);
  });

  it("shows the move-box recognizer's number where they differ, never sure enough to go to a pairing by itself", () => {
    const round = readNumber(frames("12"), frames("17"));
    expect(round).toMatchObject({ status: 2, value: 12 });
    expect(round.confidence).toBeLessThan(0.01);
    expect(sureNumbers({ round, board: readNumber(frames("4"), frames("4")) })).toBeNull();
    // the header recognizer's where the other reads no number: shown, not sure
    const board = readNumber(frames(""), frames("4"));
    expect(board).toMatchObject({ status: 2, value: 4 });
    expect(board.confidence).toBeLessThan(0.1);
  });

  it("reports no number where neither reads one at least even odds (digits only; a leading zero is no number)", () => {
    expect(readNumber(frames("1", { 0: "1234" }), frames("5", { 0: "5678" }))).toMatchObject({ status: 11, value: null });
    expect(readNumber(frames("07"), frames("e"))).toMatchObject({ status: 11, value: null });
  });
});

describe("score-sheet reader with the shipped weights", () => {
  it("loads the committed recognizers: convolutional for the header, recurrent for the move boxes", async () => {
    const { header, moves } = await loadRecognizers();
    const recurrent = (model: typeof header) => model.layers.some((layer) => layer.getClassName() === "Bidirectional");
    for (const model of [header, moves]) expect(model.inputs[0].shape).toEqual([null, 32, 160, 1]);
    expect([recurrent(header), recurrent(moves)]).toEqual([false, true]);
  });

  it("reads the move boxes with the move-box recognizer, and the header's numbers with both", async () => {
    const shipped = await loadRecognizers();
    const untrained = await buildRecognizer(1);
    const [page] = sheet.pages;
    const both = await readPage(page.jpeg, shipped);
    const headerOnly = await readPage(page.jpeg, { header: shipped.header, moves: untrained });
    const movesOnly = await readPage(page.jpeg, { header: untrained, moves: shipped.moves });
    // the round (4): both recognizers read it; with either untrained, no value or one far less sure (the confidence
    // needs both: each recognizer alone reads this 4 since the weights of 2026-11-28's seventh session)
    expect(both.round).toMatchObject({ status: 2, value: page.round });
    expect(both.round.confidence).toBeGreaterThan(0.2);
    for (const alone of [headerOnly, movesOnly]) {
      expect([page.round, null]).toContain(alone.round.value);
      if (alone.round.value !== null) expect(alone.round.confidence).toBeLessThan(both.round.confidence / 2);
      // read by one recognizer alone, a page never goes to its pairing without the organiser
      expect(sureNumbers(alone)).toBeNull();
    }
    // its board (16): both read 6, the move-box recognizer doubtful of it; the sheet waits for the organiser
    expect(both.board.value).toBe(6);
    expect(sureNumbers(both)).toBeNull();
    // the moves are the move-box recognizer's, with its features (the width of its output layer's input)
    expect(movesOnly.moves.map((move) => move.text)).toEqual(both.moves.map((move) => move.text));
    expect(headerOnly.moves.filter((move, i) => move.text === both.moves[i].text).length).toBeLessThan(both.moves.length / 4);
    expect(both.moves[0].features).toHaveLength(FRAMES * recognizerHead(shipped.moves).width);
    // a page the move-box recognizer reads surely is read once; one it reads unsurely (untrained, here) is read again by it
    // normalised to the page's writing, box for box, for decoding to choose
    expect(both.normalised).toBeUndefined();
    expect(headerOnly.normalised?.map((move) => move.ply)).toEqual(headerOnly.moves.map((move) => move.ply));
    expect(headerOnly.normalised![0].features).toHaveLength(headerOnly.moves[0].features!.length);
    expect(headerOnly.normalised![0].asCut).not.toEqual(headerOnly.moves[0].asCut);
  });

  it("reads a photographed sheet: layout, round, board and a legal game with per-move confidence", async () => {
    const [page] = sheet.pages;
    const reading = await readPage(page.jpeg);
    expect(reading.layout).toMatchObject({ status: 2, layout: "kiebitz-60", page: 1 });
    expect(reading.boxes.status).toBe(2);
    // this sheet's round (4) is read; its board (16) may come out as not detected or, with low confidence, wrong
    expect(reading.round).toMatchObject({ status: 2, value: page.round });
    expectValue(reading.board);
    // every written box is found, in order of the game
    expect(reading.moves.map((m) => m.ply)).toEqual(page.sans.map((_, ply) => ply));
    const game = readGame([reading], page.language);
    expect(game.moves).toHaveLength(page.sans.length);
    expect(replay(game.moves.map((m) => m.san)).fen()).toBe(game.fen);
    for (const move of game.moves) {
      expect(move.confidence).toBeGreaterThanOrEqual(0);
      expect(move.confidence).toBeLessThanOrEqual(1);
      expect(move.flagged).toBe(game.unfamiliarHand || move.confidence < reviewThreshold(move.evidence!, SHIPPED_CALIBRATION));
    }
  });

  it("reads sheets in three hands it never saw, adapting to each: nine moves in ten right, and what it does not flag all but never wrong", async () => {
    // held-out sheets 1–3: German, Spanish/Italian and French notation, each in another held-out font
    const head = recognizerHead((await loadRecognizers()).moves);
    let total = 0;
    let right = 0;
    let unflaggedWrong = 0;
    for (const index of [1, 2, 3]) {
      const [page] = (index === 1 ? sheet : await heldOutSheet(index)).pages;
      const { game } = await readGameAdaptedToWriter([await readPage(page.jpeg)], page.language, head);
      total += page.sans.length;
      right += rightMoves(game.moves, page.sans);
      unflaggedWrong += game.moves.filter((move, ply) => !move.flagged && move.san !== page.sans[ply]).length;
    }
    // 275 of 278 right and none unflagged wrong when this was written (the first decoding alone: 240, 4 unflagged wrong)
    expect(right).toBeGreaterThanOrEqual(Math.ceil(0.9 * total));
    expect(unflaggedWrong).toBeLessThanOrEqual(Math.floor(0.03 * total));
  });

  it("fails with 'layout not detected' (11) on a photo that shows no form, instead of guessing", async () => {
    const noise = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 110, b: 100 } } }).jpeg().toBuffer();
    const reading = await readPage(noise);
    expect(reading.layout.status).toBe(11);
    expect(reading.boxes.status).toBe(0);
    expect(reading.round).toMatchObject({ status: 0, value: null });
    expect(reading.moves).toEqual([]);
  });

  it("runs as Temporal activities over stored photos, and in a worker thread of the app with the same activities", async () => {
    const storage = diskStorage(path.join(folder, "sheets"));
    await storage.put("t-1/white.jpg", sheet.pages[0].jpeg);
    await storage.put("t-1/black.jpg", sheet.otherPlayer![0].jpeg);
    await storage.put("t-1/broken.jpg", Buffer.from("not a photo"));
    const activities = createActivities(storage);
    const environment = new MockActivityEnvironment();
    const summary: PageSummary = await environment.run(activities.readStoredPage, { handle: "t-1/white.jpg" });
    expect(summary).toMatchObject({ handle: "t-1/white.jpg", readingKey: "readings/t-1/white.jpg.json", pageKey: "pages/t-1/white.jpg", layout: { status: 2 } });
    // where each written move box is on the straightened page, for the review screen's crops
    expect(summary.regions.moves.map((m) => m.ply)).toEqual(summary.moves.map((m) => m.ply));
    // each box's frames, and the recognizer's features for adapting to the writer when the game is decoded
    const stored = JSON.parse((await storage.get(summary.readingKey)).toString("utf8")) as StoredReading;
    expect(stored.moves.map((m) => m.ply)).toEqual(summary.moves.map((m) => m.ply));
    expect(stored.moves.every((m) => m.features && m.range)).toBe(true);
    const page = await sharp(await storage.get(summary.pageKey!)).metadata();
    expect(summary.regions.moves.every(({ region }) => region.x + region.w <= page.width! && region.y + region.h <= page.height!)).toBe(true);
    await expect(environment.run(activities.readStoredPage, { handle: "t-1/broken.jpg" })).rejects.toBeInstanceOf(InvalidSheetError);

    // no TEMPORAL_ADDRESS: the app reads in a worker thread, with these activities
    const reader = threadReader({ kind: "disk", dir: path.join(folder, "sheets") });
    try {
      const black = await reader.scan({ handle: "t-1/black.jpg" }, "sheet-2");
      expect(black.layout.status).toBe(2);
      await expect(reader.scan({ handle: "t-1/broken.jpg" }, "sheet-3")).rejects.toBeInstanceOf(UnreadableSheetError);
      const game = (await reader.decode({ readingKeys: [summary.readingKey, black.readingKey], language: sheet.pages[0].language }, "game-1"))!;
      expect(game.moves).toHaveLength(sheet.pages[0].sans.length);
      expect(replay(game.moves.map((m) => m.san)).fen()).toBe(game.fen);
      // both players' sheets together (65 of 66 right when this was written)
      expect(rightMoves(game.moves, sheet.pages[0].sans)).toBeGreaterThanOrEqual(sheet.pages[0].sans.length - 3);
      // a person's correction is kept and the rest decoded after it
      const corrected = (await reader.decode({ readingKeys: [summary.readingKey], language: sheet.pages[0].language, prefix: sheet.pages[0].sans.slice(0, 10) }, "game-1b"))!;
      expect(corrected.moves.slice(0, 10).map((m) => m.san)).toEqual(sheet.pages[0].sans.slice(0, 10));
      expect(corrected.moves.slice(0, 10).every((m) => !m.flagged && m.confidence === 1)).toBe(true);
    } finally {
      await reader.close();
    }
  });
});
