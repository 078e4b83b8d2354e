import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { createImage, type GrayImage } from "../vision/image";
import { cropBox, isWritten, measureBox } from "./crops";
import { ownWriting } from "./ownWriting";
import { withoutTrailingTails } from "./read";

/** Rows of a form's table, 45 pixels high: lines at 20, 65 and 110, sides at 10 and 229, on paper of grey 228 with a little noise. */
function table(draw: (dark: (x: number, y: number) => void) => void): GrayImage {
  const random = seededRandom(5);
  const image = createImage(240, 160, 228);
  for (let i = 0; i < image.data.length; i++) image.data[i] += (random() - 0.5) * 8;
  for (const y of [20, 65, 110]) for (let x = 10; x < 230; x++) image.data[y * 240 + x] = image.data[(y + 1) * 240 + x] = 30;
  for (let y = 20; y < 112; y++) image.data[y * 240 + 10] = image.data[y * 240 + 229] = 30;
  draw((x, y) => {
    image.data[y * 240 + x] = image.data[y * 240 + x + 1] = 40;
  });
  return image;
}
/** The middle row's box, between its lines, and its inside as crops.ts measures it. */
const box = { x: 10, y: 65, w: 220, h: 46 };
const inset = { x: 12, y: 67, w: 216, h: 42 };

/** Strokes two pixels wide: upright from (x, y0) down to y1, level from x0 to x1 at y. */
const upright = (dark: (x: number, y: number) => void, x: number, y0: number, y1: number) => {
  for (let y = y0; y <= y1; y++) dark(x, y);
};
const level = (dark: (x: number, y: number) => void, y: number, x0: number, x1: number) => {
  for (let x = x0; x <= x1; x++) (dark(x, y), dark(x, y + 1));
};
/** A square letter of the box's own, well inside it. */
const square = (dark: (x: number, y: number) => void, x: number) => {
  upright(dark, x, 78, 100);
  upright(dark, x + 14, 78, 100);
  level(dark, 78, x, x + 15);
  level(dark, 99, x, x + 15);
};
/** A 'b' whose stem rises 15 pixels above the box's top line, as big writing on small rows does. */
const tallB = (dark: (x: number, y: number) => void) => {
  upright(dark, 60, 50, 100);
  level(dark, 84, 60, 75);
  level(dark, 99, 60, 75);
  upright(dark, 74, 84, 100);
};
/** The row above's letter at x, its tail reaching 12 pixels down into the box. */
const descender = (dark: (x: number, y: number) => void, x: number) => {
  upright(dark, x, 35, 58);
  upright(dark, x + 14, 35, 77);
  level(dark, 35, x, x + 15);
  level(dark, 57, x, x + 15);
};
/** The row below's tall letter at x, its stem reaching 10 pixels up into the box. */
const ascender = (dark: (x: number, y: number) => void, x: number) => {
  upright(dark, x, 100, 140);
  level(dark, 125, x, x + 15);
  level(dark, 139, x, x + 15);
  upright(dark, x + 14, 125, 140);
};
const inCleaned = (own: NonNullable<ReturnType<typeof ownWriting>>, x: number, y: number) => own.image.data[Math.round((y - own.y) / own.sy) * own.image.width + Math.round((x - own.x) / own.sx)];

describe("a box's own writing where writing crosses its lines", () => {
  it("leaves writing that keeps to its box to the box's own cut", () => {
    expect(ownWriting(table((dark) => square(dark, 160)), box, inset, 1)).toBeUndefined();
  });

  it("leaves out the row above's tail and the row below's stem that reach into the box, and cuts its own writing at its lines as before", () => {
    const page = table((dark) => (tallB(dark), square(dark, 100), descender(dark, 190), ascender(dark, 150)));
    const own = ownWriting(page, box, inset, 1);
    expect(own).toBeDefined();
    // the box's own letters as written between its lines
    expect(inCleaned(own!, 60, 80)).toBeLessThan(80);
    expect(inCleaned(own!, 105, 78)).toBeLessThan(80);
    // the tail and the stem that reach in: paper
    expect(inCleaned(own!, 204, 72)).toBeGreaterThan(200);
    expect(inCleaned(own!, 150, 104)).toBeGreaterThan(200);
    // the cut holds the box's own writing, not the neighbours' strokes to its right (as Kiebitz's own rows are cut, it
    // reaches to x 206 with them), and is cut at the box's top line as before, though the 'b' rises above it
    const asKiebitz = cropBox(page, box);
    expect(asKiebitz.region.x + asKiebitz.region.w).toBeGreaterThan(200);
    const crop = cropBox(page, box, true);
    expect(crop.region.x).toBeGreaterThan(55);
    expect(crop.region.x + crop.region.w).toBeLessThan(122);
    expect(crop.region.y).toBeGreaterThanOrEqual(box.y);
  });

  it("cuts at the line a letter that touches the neighbour's across it: each keeps its side (the box's own letter is never given away)", () => {
    // the row above's letter, its tail reaching down into the box onto the top of the box's own 'b' stem; another
    // letter's tail further right, which is left out, so that the box's own writing is looked at
    const page = table((dark) => (upright(dark, 60, 66, 100), level(dark, 84, 60, 75), level(dark, 99, 60, 75), upright(dark, 74, 84, 100), level(dark, 30, 50, 61), upright(dark, 50, 30, 50), level(dark, 50, 50, 61), upright(dark, 60, 30, 66), descender(dark, 190)));
    const own = ownWriting(page, box, inset, 1);
    expect(own).toBeDefined();
    expect(inCleaned(own!, 60, 90)).toBeLessThan(80);
    expect(inCleaned(own!, 75, 95)).toBeLessThan(80);
    const crop = cropBox(page, box, true);
    // the 'b' cut out whole, nothing above the line, the other tail left out
    expect(crop.region.y).toBeGreaterThanOrEqual(box.y);
    expect(crop.region.y + crop.region.h).toBeGreaterThan(98);
    expect(crop.region.x).toBeLessThan(62);
    expect(crop.region.x + crop.region.w).toBeLessThan(122);
  });
});

describe("the boxes after a game's last move", () => {
  /** The upper row's box, the game's last move in it: a letter whose tail reaches `to` (down into the box below). */
  const lastMove = { ply: 40, region: { x: 10, y: 20, w: 220, h: 46 }, text: "Kg4" };
  const next = (text: string) => ({ ply: 41, region: box, text });
  const tailed = (dark: (x: number, y: number) => void, to: number) => {
    // a square letter, then one whose right stem goes on down to `to`
    upright(dark, 40, 33, 55), upright(dark, 54, 33, 55), level(dark, 33, 40, 55), level(dark, 54, 40, 55);
    upright(dark, 80, 35, 58), level(dark, 35, 80, 95), upright(dark, 94, 35, to);
  };

  it("are not read as moves where they read as a character or none and their only ink is the last move's tail, however deep it reaches", () => {
    // an f's or g's descender reaching two thirds into the box below (30 of 45 pixels): written, as the box is cut alone,
    // and more than the 0.4 of a box in which writing across the lines looks for a neighbour's stroke
    const page = table((dark) => tailed(dark, 95));
    expect(isWritten(measureBox(page, box))).toBe(true);
    expect(isWritten(measureBox(page, box, true))).toBe(true);
    // before, that box was read as a move after the last (a 1), which the decoder made one of, bending the game's end
    expect(withoutTrailingTails(page, [lastMove, next("1")])).toEqual([lastMove]);
    expect(withoutTrailingTails(page, [lastMove, next("")])).toEqual([lastMove]);
  });

  it("keep a move of their own, whether beside the tail or touching the letter above as a whole word", () => {
    expect(withoutTrailingTails(table((dark) => (tailed(dark, 95), square(dark, 160))), [lastMove, next("1")])).toEqual([lastMove, next("1")]);
    // a joined hand's move whose first letter touches the tail above is one piece with it: it reads as a move
    expect(withoutTrailingTails(table((dark) => tailed(dark, 95)), [lastMove, next("Kg6")])).toEqual([lastMove, next("Kg6")]);
    expect(withoutTrailingTails(table((dark) => tailed(dark, 95)), [lastMove])).toEqual([lastMove]);
  });
});
