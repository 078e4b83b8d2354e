import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRecognizers, type Recognizers } from "../model/recognizer";
import { heldOutSheet } from "../synth/heldout";
import type { GrayImage } from "../vision/image";
import { locatePage } from "./page";
import { readGame } from "./read";
import { readSuppliedPage, SuppliedBoxesError, type SuppliedBox } from "./supplied";

/**
 * A held-out sheet (hands never trained on) as a scanner gives it: the page flat and straight, at a scanner's
 * resolution, its boxes' positions in the scan's pixels, as someone marking them on a form the reader does not know would.
 */
async function scanned(pxPerMm: number) {
  const sheet = await heldOutSheet(3, "fonts");
  const located = await locatePage(sheet.pages[0].jpeg);
  if (!("boxes" in located)) throw new Error("the held-out sheet's form was not found");
  const page: GrayImage = located.page;
  const scale = pxPerMm / 6;
  const jpeg = await sharp(Buffer.from(Uint8Array.from(page.data, (v) => Math.round(v))), { raw: { width: page.width, height: page.height, channels: 1 } })
    .resize({ width: Math.round(page.width * scale) })
    .jpeg({ quality: 90 })
    .toBuffer();
  const boxes: SuppliedBox[] = located.layout.page.moveBoxes.map((box, i) => {
    const { x, y, w, h } = located.boxes.moveBoxes[i];
    return { move: box.move, side: box.side, x: x * scale, y: y * scale, w: w * scale, h: h * scale };
  });
  return { jpeg, boxes, sans: sheet.pages[0].sans, language: sheet.pages[0].language };
}

let recognizers: Recognizers;
beforeAll(async () => {
  recognizers = await loadRecognizers();
});

describe("reading a sheet on another form, its move boxes supplied", () => {
  it("reads the game written from a scan at 300 dpi and at 100 dpi alike: the boxes are read at the reader's own scale", async () => {
    for (const pxPerMm of [11.8, 3.9]) {
      const { jpeg, boxes, sans, language } = await scanned(pxPerMm);
      const page = await readSuppliedPage(jpeg, boxes, recognizers.moves);
      // every written box found, none of the empty ones
      expect(page.moves.map((move) => move.ply)).toEqual(sans.map((_, ply) => ply));
      const game = readGame([page], language);
      const right = game.moves.filter((move, ply) => move.san === sans[ply]).length;
      expect(game.moves).toHaveLength(sans.length);
      expect(right / sans.length).toBeGreaterThan(0.95);
    }
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
    expect(stdout).toMatch(new RegExp(`moves right \\d+ of ${sans.length} written`));
    expect(stdout).toContain(`1. ${sans[0]}`);
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
