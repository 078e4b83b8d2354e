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
});
