import sharp from "sharp";
import { compose, project, type Homography } from "./geometry";

import type { GrayImage } from "./threshold";

export { adaptiveThreshold, boxMean, integral, type GrayImage } from "./threshold";

export function createImage(width: number, height: number, fill = 255): GrayImage {
  return { width, height, data: new Float32Array(width * height).fill(fill) };
}

/** Decodes any image sharp reads (JPEG, PNG, …) into grey, shrinking it so its longer side is at most `maxSide`. */
export async function decodeGray(bytes: Uint8Array, maxSide = 2400): Promise<GrayImage> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: Float32Array.from(data) };
}

export async function rasterizeSvg(svg: string): Promise<GrayImage> {
  const { data, info } = await sharp(Buffer.from(svg)).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: Float32Array.from(data) };
}

export function toBytes(image: GrayImage): Uint8Array {
  return Uint8Array.from(image.data, (v) => Math.max(0, Math.min(255, Math.round(v))));
}

export function sample(image: GrayImage, x: number, y: number, outside = 255): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= image.width - 1 || y0 >= image.height - 1) return outside;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  return (d[i] * (1 - fx) + d[i + 1] * fx) * (1 - fy) + (d[i + image.width] * (1 - fx) + d[i + image.width + 1] * fx) * fy;
}

/** Output image whose pixel (u, v) shows the source at `map(u, v)` (a homography from output to source pixels). */
export function warp(source: GrayImage, map: Homography, width: number, height: number, outside = 255): GrayImage {
  const out = createImage(width, height);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const p = project(map, u + 0.5, v + 0.5);
      out.data[v * width + u] = sample(source, p.x - 0.5, p.y - 0.5, outside);
    }
  }
  return out;
}

/** A plane seen straight on: `toPhoto` maps its millimetres to the photo's pixels; the view has `pxPerMm` pixels a millimetre. */
export function straightened(photo: GrayImage, toPhoto: Homography, widthMm: number, heightMm: number, pxPerMm: number): GrayImage {
  const s = 1 / pxPerMm;
  return warp(photo, compose(toPhoto, [s, 0, 0, 0, s, 0, 0, 0, 1]), Math.round(widthMm * pxPerMm), Math.round(heightMm * pxPerMm), 255);
}

/**
 * Crop of a rectangle (pixels, may be fractional) scaled to `height`, keeping the aspect up to `maxWidth`; `lean`: the
 * rectangle's rows run `slope` px down per px across, level at x = `about` (a sheared crop).
 */
export function cropScaled(image: GrayImage, x: number, y: number, w: number, h: number, height: number, maxWidth: number, lean?: { slope: number; about: number }): GrayImage {
  const width = Math.max(1, Math.min(maxWidth, Math.round((w / h) * height)));
  const out = createImage(width, height);
  // average a few samples per output pixel so that shrinking does not alias thin strokes
  const sx = w / width;
  const sy = h / height;
  const steps = Math.max(1, Math.min(3, Math.ceil(Math.max(sx, sy))));
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      let sum = 0;
      for (let a = 0; a < steps; a++) {
        for (let b = 0; b < steps; b++) {
          const at = x + (u + (b + 0.5) / steps) * sx;
          sum += sample(image, at - 0.5, y + (v + (a + 0.5) / steps) * sy - 0.5 + (lean ? lean.slope * (at - lean.about) : 0));
        }
      }
      out.data[v * width + u] = sum / (steps * steps);
    }
  }
  return out;
}
