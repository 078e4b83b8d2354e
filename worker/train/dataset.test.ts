import { describe, expect, it } from "vitest";
import type { Crop } from "../reader/crops";
import { characterFrames } from "./dataset";

// a form box 40 mm wide at x = 10 mm, found on the page at pixels 60–300; the writing in it
// (page pixels 70–190) was scaled to the first 120 columns of the crop, 4 columns per frame
const form = { x: 10, y: 0, w: 40, h: 7 };
const found = { x: 60, y: 0, w: 240, h: 42 };
const crop: Crop = { pixels: new Float32Array(0), ink: 100, lines: 100, region: { x: 70, y: 0, w: 120, h: 40 }, width: 120 };

describe("where each written character lands among the recognizer's frames", () => {
  it("maps character middles (mm on the form) through the found box and the crop to frames", () => {
    // 13 mm → page pixel 78 → crop column 8 → frame 2; 20 mm → 120 → 50 → 12; 27 mm → 162 → 92 → 23
    expect(characterFrames("Nf3", [13, 20, 27], form, found, crop)).toEqual([2, 12, 23]);
  });

  it("skips characters the recognizer does not read and gives up on ones without a place or outside the crop", () => {
    expect(characterFrames("e4!", [13, 20, 24], form, found, crop)).toEqual([2, 12]);
    expect(characterFrames("e4", [13, Number.NaN], form, found, crop)).toBeNull();
    expect(characterFrames("e4", [13, 45], form, found, crop)).toBeNull();
  });

  it("gives up when two characters share a frame (they could not both be learned there)", () => {
    expect(characterFrames("e4", [13, 13.2], form, found, crop)).toBeNull();
  });
});
