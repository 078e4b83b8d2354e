import { describe, expect, it } from "vitest";
import { adaptiveThreshold, boxMean, integral, percentile, type GrayImage } from "./threshold";

/** A reproducible grey image: gradients, a dark blob, noise. */
function image(width: number, height: number, seed: number): GrayImage {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const data = Float32Array.from({ length: width * height }, (_, i) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    const blob = (x - width / 3) ** 2 + (y - height / 2) ** 2 < (width / 6) ** 2 ? 120 : 0;
    return Math.max(0, Math.min(255, 200 + x / 4 - y / 3 - blob + 40 * random()));
  });
  return { width, height, data };
}

/** The marks of adaptiveThreshold as boxMean's definition has them (clamped at the edges). */
function expectedMarks(grey: GrayImage, window: number, ratio: number): number[] {
  const { width, height } = grey;
  const table = integral(grey);
  const half = Math.max(1, Math.round(window / 2));
  return Array.from(grey.data, (value, i) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    return value < boxMean(table, width, height, x - half, y - half, x + half + 1, y + half + 1) * ratio ? 1 : 0;
  });
}

describe("the adaptive threshold", () => {
  it("marks exactly the pixels darker than their window's mean (boxMean, clamped at the edges) times the ratio", () => {
    for (const [width, height, window, ratio] of [[37, 23, 9, 0.8], [64, 40, 30, 0.85], [12, 50, 101, 0.75], [5, 3, 1, 0.9]]) {
      const grey = image(width, height, width * height);
      const marked = adaptiveThreshold(grey, window, ratio);
      expect(Array.from(marked)).toEqual(expectedMarks(grey, window, ratio));
      // the blob is found and the paper is not all marked
      expect(marked.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(marked.reduce((a, b) => a + b, 0)).toBeLessThan(width * height);
    }
  });

  it("marks the same whatever it thresholded before: its table, kept from a larger image, is written afresh", () => {
    const [large, small] = [image(90, 70, 1), image(23, 41, 2)];
    adaptiveThreshold(large, 15, 0.85);
    expect(Array.from(adaptiveThreshold(small, 7, 0.85))).toEqual(expectedMarks(small, 7, 0.85));
    expect(Array.from(adaptiveThreshold(large, 15, 0.85))).toEqual(expectedMarks(large, 15, 0.85));
  });
});

describe("a percentile of grey values", () => {
  it("is the value at ⌊share·n⌋ of a sorted copy, for noisy, flat, sorted and reversed values, and leaves the input alone", () => {
    const noisy = image(41, 29, 5).data;
    const flat = new Float32Array(500).fill(255);
    const mostlyPaper = Float32Array.from({ length: 999 }, (_, i) => (i % 10 === 0 ? 30 + i / 100 : 250));
    const ascending = Float32Array.from({ length: 300 }, (_, i) => i / 3);
    const descending = ascending.slice().reverse();
    for (const values of [noisy, flat, mostlyPaper, ascending, descending, Float32Array.of(7)]) {
      const before = values.slice();
      const sorted = values.slice().sort();
      for (const share of [0, 0.1, 0.5, 0.75, 0.999, 1]) expect(percentile(values, share)).toBe(sorted[Math.min(values.length - 1, Math.floor(share * values.length))]);
      expect(values).toEqual(before);
    }
  });
});
