import { describe, expect, it } from "vitest";
import { boxOverlapScore } from "./overlap";

describe("box overlap score (spec §9)", () => {
  it("is 1 for the same box and the intersection over union for shifted boxes", () => {
    expect(boxOverlapScore({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 10 })).toBe(1);
    // 5 × 10 overlap of two 10 × 10 boxes: 50 / 150
    expect(boxOverlapScore({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 0, w: 10, h: 10 })).toBeCloseTo(1 / 3, 10);
    expect(boxOverlapScore({ x: 0, y: 0, w: 10, h: 10 }, { x: 20, y: 0, w: 10, h: 10 })).toBe(0);
  });

  it("gives zero when one box is more than twice the size of the other, even when it contains it", () => {
    expect(boxOverlapScore({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 20.1 })).toBe(0);
    expect(boxOverlapScore({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 20 })).toBeCloseTo(0.5, 10);
  });
});
