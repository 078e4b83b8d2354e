import { describe, expect, it } from "vitest";
import { createImage } from "./image";
import { evenlyLit, paperLight } from "./light";

describe("the light on the paper", () => {
  // paper of 200 with a pen line 3 pixels wide (grey 40) down column 20–22, and a shadow (60% of the light) right of column 40
  const image = createImage(60, 30, 200);
  for (let y = 0; y < 30; y++) {
    for (let x = 20; x < 23; x++) image.data[y * 60 + x] = 40;
    for (let x = 40; x < 60; x++) image.data[y * 60 + x] *= 0.6;
  }

  it("is the paper's brightness under the pen's line, and keeps a shadow's edge where it is", () => {
    const light = paperLight(image, 4);
    expect(light.data[15 * 60 + 21]).toBe(200);
    expect(light.data[15 * 60 + 39]).toBe(200);
    expect(light.data[15 * 60 + 40]).toBe(120);
    expect(light.data[0 * 60 + 59]).toBe(120);
  });

  it("evens out a shadow's edge, and leaves evenly lit paper as it is", () => {
    const lit = evenlyLit(image, 4);
    expect(lit.data[15 * 60 + 50]).toBeCloseTo(200, 3);
    expect(lit.data[15 * 60 + 21]).toBe(40);
    const even = createImage(60, 30, 200);
    for (let x = 20; x < 23; x++) even.data[15 * 60 + x] = 40;
    expect(evenlyLit(even, 4)).toBe(even);
  });

  it("keeps the edge of a shadow that reaches out of the image slantwise, up to its sides", () => {
    // paper of 200, shaded to 120 below and left of a line two pixels across a pixel down
    const slanted = createImage(60, 30, 200);
    for (let y = 0; y < 30; y++) for (let x = 0; x < 60; x++) if (x < 2 * y) slanted.data[y * 60 + x] = 120;
    const light = paperLight(slanted, 4);
    // along the bottom row, the shadow ends at column 58 and the light is the paper's on either side of that
    for (const x of [40, 50, 56, 57]) expect(light.data[29 * 60 + x]).toBe(120);
    expect(light.data[29 * 60 + 58]).toBe(200);
    expect(light.data[0 * 60 + 10]).toBe(200);
  });

  it("is the image closed: the smallest over each square of the largest over the square around each of its pixels (the image continued beyond its sides)", () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [width, height, radius] of [[23, 17, 1], [40, 9, 3], [31, 31, 4], [12, 50, 6]]) {
      const noisy = createImage(width, height);
      for (let i = 0; i < noisy.data.length; i++) noisy.data[i] = Math.round(255 * random());
      // the image continued: each pixel outside is the nearest inside
      const at = (data: ArrayLike<number>, x: number, y: number) => data[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
      const extreme = (data: ArrayLike<number>, x: number, y: number, pick: (...values: number[]) => number) => {
        const values: number[] = [];
        for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) values.push(at(data, x + dx, y + dy));
        return pick(...values);
      };
      // the largest is taken over the continued image, so the closing's smallest reaches up to 2·radius beyond it
      const margin = 2 * radius;
      const wide = { width: width + 2 * margin, height: height + 2 * margin };
      const dilated = new Float64Array(wide.width * wide.height);
      for (let y = 0; y < wide.height; y++) for (let x = 0; x < wide.width; x++) dilated[y * wide.width + x] = extreme(noisy.data, x - margin, y - margin, Math.max);
      const dilatedAt = (x: number, y: number) => dilated[Math.min(wide.height - 1, Math.max(0, y + margin)) * wide.width + Math.min(wide.width - 1, Math.max(0, x + margin))];
      const light = paperLight(noisy, radius);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let smallest = Infinity;
          for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) smallest = Math.min(smallest, dilatedAt(x + dx, y + dy));
          expect(light.data[y * width + x]).toBe(smallest);
        }
      }
    }
  });
});
