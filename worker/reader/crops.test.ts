import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { createImage, type GrayImage } from "../vision/image";
import { cropBox, isWritten, WRITTEN_INK } from "./crops";

/** A page of paper (grey 228, a little noise) with a move box at 10,10 of 220 × 45 pixels (6 px/mm) and its printed frame. */
function page(draw: (image: GrayImage, x: number, y: number) => void): GrayImage {
  const random = seededRandom(3);
  const image = createImage(240, 70, 228);
  for (let i = 0; i < image.data.length; i++) image.data[i] += (random() - 0.5) * 8;
  for (let x = 10; x < 230; x++) image.data[10 * 240 + x] = image.data[54 * 240 + x] = 30;
  for (let y = 10; y < 55; y++) image.data[y * 240 + 10] = image.data[y * 240 + 229] = 30;
  draw(image, 10, 10);
  return image;
}
const box = { x: 10, y: 10, w: 220, h: 45 };

/** Strokes 2 pixels wide, `grey` on the paper: three letters' worth of upright and level lines. */
function pen(grey: number) {
  return (image: GrayImage, x: number, y: number) => {
    for (const left of [30, 60, 90]) {
      for (let row = y + 12; row < y + 38; row++) for (const column of [x + left, x + left + 1, x + left + 14, x + left + 15]) image.data[row * image.width + column] = grey;
      for (let column = x + left; column < x + left + 16; column++) for (const row of [y + 24, y + 25]) image.data[row * image.width + column] = grey;
    }
  };
}

describe("whether a move box is written", () => {
  it("sees writing in ink, and pale writing (pencil, faded ink) that the ink measure misses", () => {
    const dark = cropBox(page(pen(40)), box);
    expect(dark.ink).toBeGreaterThanOrEqual(WRITTEN_INK);
    expect(isWritten(dark)).toBe(true);
    // grey 190 on paper of 228: every box of a pale writer's sheet was taken for empty, and the game lost
    const pale = cropBox(page(pen(190)), box);
    expect(pale.ink).toBeLessThan(WRITTEN_INK);
    expect(isWritten(pale)).toBe(true);
    // and read as if written in ink: the crop is cut to the writing (columns 30–105 of the box) and as dark as ink
    expect(pale.region.w).toBeLessThan(110);
    expect(Math.max(...pale.pixels)).toBeGreaterThan(0.7);
    expect(Math.max(...dark.pixels)).toBeGreaterThan(0.7);
  });

  it("leaves empty boxes empty, in even light and under a shadow that darkens one side", () => {
    expect(isWritten(cropBox(page(() => {}), box))).toBe(false);
    const shadow = (image: GrayImage, x: number, y: number) => {
      for (let row = y + 2; row < y + 43; row++) for (let column = x + 2; column < x + 218; column++) image.data[row * image.width + column] -= Math.max(0, column - x - 60) * 0.6;
    };
    const shaded = cropBox(page(shadow), box);
    expect(shaded.lines).toBeLessThan(5);
    expect(isWritten(shaded)).toBe(false);
  });

  it("reads writing across a shadow's edge as it reads it in even light (the shadowed letters were wiped as a dark frame line)", () => {
    // a shadow over the box's lower left, its edge running diagonally through the middle letter: 55% of the light
    const shadowEdge = (image: GrayImage) => {
      for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) if (x - 10 < 2 * (y - 10) + 60) image.data[y * image.width + x] *= 0.55;
    };
    const even = cropBox(page(pen(40)), box);
    const shaded = cropBox(page((image, x, y) => (pen(40)(image, x, y), shadowEdge(image))), box);
    expect(isWritten(shaded)).toBe(true);
    // the same letters found (columns 30–105 of the box), as much ink, and no shadow left in the crop
    expect(Math.abs(shaded.region.x - even.region.x)).toBeLessThan(2);
    expect(Math.abs(shaded.region.w - even.region.w)).toBeLessThan(3);
    expect(shaded.ink).toBeGreaterThan(0.8 * even.ink);
    let differ = 0;
    for (let i = 0; i < even.pixels.length; i++) if (Math.abs(shaded.pixels[i] - even.pixels[i]) > 0.3) differ++;
    expect(differ / even.pixels.length).toBeLessThan(0.03);
  });

  it("cuts a leaning box (a bent page) out level, without the frame that leans into it", () => {
    const slope = 0.05;
    // the whole box leans: 11 pixels down from its left side to its right, about its middle
    const level = page(pen(40));
    const leaning = createImage(level.width, level.height, 228);
    for (let y = 0; y < level.height; y++)
      for (let x = 0; x < level.width; x++) {
        const from = Math.round(y - slope * (x - 120));
        if (from >= 0 && from < level.height) leaning.data[y * level.width + x] = level.data[from * level.width + x];
      }
    const cut = cropBox(leaning, { ...box, lean: slope });
    const asLevel = cropBox(level, box);
    // the same writing, cut to the same height as on the level page; cut level, the leaning frame's ends come in
    expect(Math.abs(cut.region.h - asLevel.region.h)).toBeLessThan(2);
    expect(cropBox(leaning, box).region.h).toBeGreaterThan(asLevel.region.h + 5);
  });
});
