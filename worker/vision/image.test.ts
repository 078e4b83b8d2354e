import { describe, expect, it } from "vitest";
import { project, type Homography } from "./geometry";
import { cropScaled, sample, warp, type GrayImage } from "./image";

/** A grey image whose every pixel differs from its neighbours (so that any misplaced sample shows). */
const image: GrayImage = { width: 37, height: 23, data: Float32Array.from({ length: 37 * 23 }, (_, i) => (i * 97) % 251) };

describe("warp", () => {
  it("shows each output pixel's centre as the homography maps it, the same values as project() and sample() give", () => {
    // a perspective that maps part of the output outside the image (paper white there)
    const map: Homography = [1.3, 0.2, -4, -0.1, 1.1, 2, 0.004, -0.003, 1];
    const out = warp(image, map, 31, 27);
    for (let v = 0; v < out.height; v++) {
      for (let u = 0; u < out.width; u++) {
        const p = project(map, u + 0.5, v + 0.5);
        expect(out.data[v * out.width + u]).toBe(Math.fround(sample(image, p.x - 0.5, p.y - 0.5, 255)));
      }
    }
    expect(out.data).toContain(255);
  });
});

describe("cropScaled", () => {
  it("averages steps × steps samples per pixel along the rows' lean, as sample() reads them", () => {
    const [x, y, w, h, height] = [3.3, 2.6, 30, 9, 4];
    const lean = { slope: 0.05, about: 18 };
    const out = cropScaled(image, x, y, w, h, height, 40, lean);
    const sx = w / out.width;
    const sy = h / height;
    const steps = Math.min(3, Math.ceil(Math.max(sx, sy)));
    expect(steps).toBe(3);
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < out.width; u++) {
        let sum = 0;
        for (let a = 0; a < steps; a++) {
          for (let b = 0; b < steps; b++) {
            const at = x + (u + (b + 0.5) / steps) * sx;
            sum += sample(image, at - 0.5, y + (v + (a + 0.5) / steps) * sy - 0.5 + lean.slope * (at - lean.about));
          }
        }
        expect(out.data[v * out.width + u]).toBe(Math.fround(sum / (steps * steps)));
      }
    }
  });

  it("reads paper beyond the image's edge", () => {
    const out = cropScaled(image, 30, 18, 20, 10, 10, 20);
    expect(out.data[out.data.length - 1]).toBe(255);
  });
});
