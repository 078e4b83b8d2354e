import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRecognizers, type Recognizers } from "../model/recognizer";
import { heldOutSheet, type HeldOutKind } from "../synth/heldout";
import { otherFormSheet } from "../synth/otherForm";
import type { GrayImage } from "../vision/image";
import { locatePage } from "./page";
import { readGame } from "./read";
import type { Mask } from "./lines";
import { onLines, readSuppliedPage, SuppliedBoxesError, type SuppliedBox } from "./supplied";

/**
 * A held-out sheet (hands never trained on) as a scanner gives it: the page flat and straight, at a scanner's
 * resolution, its boxes' positions in the scan's pixels, as someone marking them on a form the reader does not know would.
 */
async function scanned(pxPerMm: number, degrees = 0, kind: HeldOutKind = "fonts", index = 3) {
  const sheet = await heldOutSheet(index, kind);
  const located = await locatePage(sheet.pages[0].jpeg);
  if (!("boxes" in located)) throw new Error("the held-out sheet's form was not found");
  const page: GrayImage = located.page;
  const scale = pxPerMm / 6;
  const flat = await sharp(Buffer.from(Uint8Array.from(page.data, (v) => Math.round(v))), { raw: { width: page.width, height: page.height, channels: 1 } })
    .resize({ width: Math.round(page.width * scale) })
    .png()
    .toBuffer();
  // turned about its middle on a canvas grown to hold it, as sharp turns it
  const jpeg = await sharp(flat).rotate(degrees, { background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
  const [before, after] = await Promise.all([sharp(flat).metadata(), sharp(jpeg).metadata()]);
  const angle = (degrees * Math.PI) / 180;
  const turned = (x: number, y: number) => {
    const [dx, dy] = [x - before.width! / 2, y - before.height! / 2];
    return { x: Math.cos(angle) * dx - Math.sin(angle) * dy + after.width! / 2, y: Math.sin(angle) * dx + Math.cos(angle) * dy + after.height! / 2 };
  };
  // each box marked level around where its middle went
  const boxes: SuppliedBox[] = located.layout.page.moveBoxes.map((box, i) => {
    const { x, y, w, h } = located.boxes.moveBoxes[i];
    const middle = turned((x + w / 2) * scale, (y + h / 2) * scale);
    return { move: box.move, side: box.side, x: middle.x - (w * scale) / 2, y: middle.y - (h * scale) / 2, w: w * scale, h: h * scale };
  });
  return { jpeg, boxes, sans: sheet.pages[0].sans, language: sheet.pages[0].language };
}

let recognizers: Recognizers;
beforeAll(async () => {
  recognizers = await loadRecognizers();
});

describe("reading a sheet on another form, its move boxes supplied", () => {
  it("reads the game written from a scan at 300 dpi and at 100 dpi alike, and from one turned by two degrees: the boxes are read at the reader's own scale, leaning as the lines lean", async () => {
    for (const [pxPerMm, degrees, kind, index] of [[11.8, 0, "fonts", 3], [3.9, 0, "fonts", 3], [11.8, 2, "cursive", 1]] as const) {
      const { jpeg, boxes, sans, language } = await scanned(pxPerMm, degrees, kind, index);
      const page = await readSuppliedPage(jpeg, boxes, recognizers.moves);
      // every written box found, none of the empty ones
      expect(page.moves.map((move) => move.ply)).toEqual(sans.map((_, ply) => ply));
      const game = readGame([page], language);
      const right = game.moves.filter((move, ply) => move.san === sans[ply]).length;
      expect(game.moves).toHaveLength(sans.length);
      expect(right / sans.length).toBeGreaterThan(0.95);
    }
  });

  it("reads a game written on a club's own form: no corner markers, rows 6 mm high, boxes 30 mm wide in thin grey lines, scanned at 150 dpi", async () => {
    const sheet = await otherFormSheet(1, "print", { rowMm: 6, boxMm: 30, pxPerMm: 5.9 });
    const page = await readSuppliedPage(sheet.jpeg, sheet.boxes, recognizers.moves);
    const game = readGame([page], sheet.language);
    expect(game.moves).toHaveLength(sheet.sans.length);
    expect(game.moves.filter((move, ply) => move.san === sheet.sans[ply]).length / sheet.sans.length).toBeGreaterThan(0.95);
  });

  it("reads writing that leaves its boxes on small rows (7.5 mm tall on rows of 6 mm) without the strokes that reach in from the rows above and below", async () => {
    const sheet = await otherFormSheet(5, "print", { rowMm: 6, boxMm: 30, pxPerMm: 5.9, writingMm: 7.5 });
    const page = await readSuppliedPage(sheet.jpeg, sheet.boxes, recognizers.moves);
    const game = readGame([page], sheet.language);
    // 43% right (39 of 90) with the neighbours' strokes read as the box's, before adapting to the writer
    expect(game.moves.filter((move, ply) => move.san === sheet.sans[ply]).length / sheet.sans.length).toBeGreaterThan(0.6);
  });

  it("moves boxes marked a millimetre or so off onto the form's lines: off by up to a fifth of their height, the game is read as well", async () => {
    const { jpeg, boxes, sans, language } = await scanned(11.8);
    // each box off in its own way, up to a fifth of its height, as a person marking them would leave it
    const off = (i: number, k: number) => ((((i + 1) * k) % 5) - 2) / 10;
    const marked = boxes.map((box, i) => ({ ...box, x: box.x + off(i, 7) * box.h, y: box.y + off(i, 3) * box.h, w: box.w + off(i, 11) * box.h, h: box.h * (1 + off(i, 13)) }));
    const page = await readSuppliedPage(jpeg, marked, recognizers.moves);
    const game = readGame([page], language);
    expect(game.moves.filter((move, ply) => move.san === sans[ply]).length / sans.length).toBeGreaterThan(0.95);
    expect(game.moves.filter((move) => move.flagged).length / sans.length).toBeLessThan(0.1);
  });

  it("refuses boxes it cannot read, saying which: two boxes for one move, a box past the photo's edge, boxes too small for the photo", async () => {
    const { jpeg, boxes } = await scanned(3.9);
    await expect(readSuppliedPage(jpeg, [...boxes, boxes[4]], recognizers.moves)).rejects.toThrow(new SuppliedBoxesError("move 3 (White) has two boxes on the page"));
    const past = { ...boxes[1], x: 5000 };
    await expect(readSuppliedPage(jpeg, [boxes[0], past], recognizers.moves)).rejects.toThrow(/the box of move 1 \(Black\) reaches past the photo \(\d+ × \d+ pixels\)/);
    const tiny = boxes.map((box) => ({ ...box, h: 0.5 }));
    await expect(readSuppliedPage(jpeg, tiny, recognizers.moves)).rejects.toThrow(/the boxes are too small for the photo/);
  });
});

describe("a supplied box put onto the form's lines", () => {
  /**
   * A 600 × 400 mask with the lines of a table (rows 41 px apart from y = 100 at x = 300, leaning `lean` px down per
   * px across; columns at x = 50, 272 and 494), without them where `lines` is false, and a letter's stroke.
   */
  function table({ lines = true, lean = 0 } = {}): Mask {
    const mask: Mask = { data: new Uint8Array(600 * 400), width: 600, height: 400 };
    const dark = (x: number, y: number) => (mask.data[Math.round(y) * 600 + x] = 1);
    if (lines) {
      for (const y of [59, 100, 141, 182]) for (let x = 30; x < 520; x++) dark(x, y + lean * (x - 300));
      for (const x of [50, 272, 494]) for (let y = 40; y < 200; y++) dark(x, y);
    }
    // a tall stroke inside the box (an l, a 1): no line of the form
    for (let y = 106; y < 136; y++) dark(60, y);
    return mask;
  }

  it("moves each edge onto the line near it, the bottom one a row's height below the top", () => {
    expect(onLines(table(), { x: 58, y: 92, w: 205, h: 36 }, 41)).toEqual({ x: 50.5, y: 100.5, w: 222, h: 41, lean: 0 });
  });

  it("gives the box the lean of its lines on a scan turned by two degrees", () => {
    const box = onLines(table({ lean: Math.tan((2 * Math.PI) / 180) }), { x: 58, y: 92, w: 205, h: 36 }, 41);
    expect(box.lean).toBeCloseTo(0.035, 2);
    // the top line where it crosses the box's middle (x = 161.5 on the lines leaning about x = 300)
    expect(box.y).toBeCloseTo(100.5 - 0.035 * (300 - 161.5), 0);
  });

  it("leaves the box where it was marked on a form without lines, and takes no letter's stroke for a line", () => {
    expect(onLines(table({ lines: false }), { x: 58, y: 92, w: 205, h: 36 }, 41)).toEqual({ x: 58, y: 92, w: 205, h: 36, lean: 0 });
  });
});

describe("npm run read", () => {
  const run = promisify(execFile);
  const script = path.join(import.meta.dirname, "../../scripts/read.ts");
  const tsx = path.join(import.meta.dirname, "../../node_modules/.bin/tsx");

  it("prints the game read from a sheet's description, its flagged moves marked, and how it compares with the moves written", async () => {
    const { jpeg, boxes, sans, language } = await scanned(11.8);
    const dir = mkdtempSync(path.join(tmpdir(), "kiebitz-read-"));
    writeFileSync(path.join(dir, "sheet.jpg"), jpeg);
    writeFileSync(path.join(dir, "sheet.json"), JSON.stringify({ language, pages: [{ photo: "sheet.jpg", boxes }], moves: sans.join(" ") }));
    const { stdout } = await run(tsx, [script, path.join(dir, "sheet.json")]);
    expect(stdout).toContain(`sheet.json: ${sans.length} moves read`);
    const right = Number(stdout.match(new RegExp(`moves right (\\d+) of ${sans.length} written`))?.[1]);
    expect(right / sans.length).toBeGreaterThan(0.95);
    expect(stdout).toContain(`1. ${sans[0]}`);
    // --json: a line per sheet, its moves as read and the same comparison
    const { stdout: line } = await run(tsx, [script, path.join(dir, "sheet.json"), "--json"]);
    const read = JSON.parse(line) as { moves: { san: string }[]; tally: { right: number; written: number; games: number } };
    expect(read.moves).toHaveLength(sans.length);
    expect(read.tally).toMatchObject({ right, written: sans.length, games: 1 });
  });

  it("refuses a description that is not one, with the field at fault, and exits with 3", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kiebitz-read-"));
    writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ language: "XX", pages: [{ photo: "a.jpg", boxes: [{ move: 0, side: "w", x: 1, y: 1, w: 10, h: 10 }] }] }));
    const failed = await run(tsx, [script, path.join(dir, "bad.json")]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 3 });
    expect((failed as { stderr: string }).stderr).toMatch(/bad\.json: language: /);
    expect((failed as { stderr: string }).stderr).toMatch(/bad\.json: pages\.0\.boxes\.0\.move: /);
  });
});
