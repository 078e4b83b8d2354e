import { describe, expect, it } from "vitest";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { movedColumn, varyCrop, type Variation } from "./augment";

const NONE: Variation = { scaleX: 1, scaleY: 1, shear: 0, shift: 0, stroke: 0 };

/** A crop with one vertical bar of ink at columns [from, to). */
function bar(from: number, to: number): Uint8Array {
  const pixels = new Uint8Array(CROP_HEIGHT * CROP_WIDTH);
  for (let y = 8; y < 24; y++) for (let x = from; x < to; x++) pixels[y * CROP_WIDTH + x] = 255;
  return pixels;
}
const inkedColumns = (ink: Float32Array) =>
  Array.from({ length: CROP_WIDTH }, (_, x) => x).filter((x) => ink[(CROP_HEIGHT / 2) * CROP_WIDTH + x] > 0.5);

describe("training crop variation", () => {
  it("leaves a crop as it is without variation (ink scaled to 0–1)", () => {
    const out = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
    varyCrop(bar(10, 14), NONE, out);
    expect(inkedColumns(out)).toEqual([10, 11, 12, 13]);
    expect(Math.max(...out)).toBe(1);
  });

  it("stretches and moves the writing where movedColumn says, so frame targets can follow it", () => {
    const out = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
    const variation = { ...NONE, scaleX: 1.5, shift: 2 };
    varyCrop(bar(20, 24), variation, out);
    expect(inkedColumns(out)).toEqual([32, 33, 34, 35, 36, 37]);
    expect(movedColumn(22, variation)).toBe(35);
  });

  it("makes strokes thicker or thinner", () => {
    const thick = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
    const thin = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
    varyCrop(bar(20, 24), { ...NONE, stroke: 1 }, thick);
    varyCrop(bar(20, 24), { ...NONE, stroke: -1 }, thin);
    expect(inkedColumns(thick)).toEqual([19, 20, 21, 22, 23, 24]);
    expect(inkedColumns(thin)).toEqual([21, 22]);
  });
});
