import sharp from "sharp";
import { project, type Homography } from "./geometry";

/** A grey image, 0 (black) … 255 (white), row-major. */
export type GrayImage = { width: number; height: number; data: Float32Array };

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

/** Summed-area table for constant-time box means. */
export function integral(image: GrayImage): Float64Array {
  const { width, height, data } = image;
  const table = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x];
      table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row;
    }
  }
  return table;
}

export function boxMean(table: Float64Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number): number {
  const ax = Math.max(0, Math.min(width, Math.round(x0)));
  const ay = Math.max(0, Math.min(height, Math.round(y0)));
  const bx = Math.max(ax + 1, Math.min(width, Math.round(x1)));
  const by = Math.max(ay + 1, Math.min(height, Math.round(y1)));
  const w = width + 1;
  const sum = table[by * w + bx] - table[ay * w + bx] - table[by * w + ax] + table[ay * w + ax];
  return sum / ((bx - ax) * (by - ay));
}

/** Dark pixels (1) against the local mean over a square window: robust to uneven light and shadows. */
export function adaptiveThreshold(image: GrayImage, window: number, ratio = 0.8): Uint8Array {
  const table = integral(image);
  const half = Math.max(1, Math.round(window / 2));
  const out = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const mean = boxMean(table, image.width, image.height, x - half, y - half, x + half + 1, y + half + 1);
      out[y * image.width + x] = image.data[y * image.width + x] < mean * ratio ? 1 : 0;
    }
  }
  return out;
}

/** Crop of a rectangle (pixels, may be fractional) scaled to `height`, keeping the aspect up to `maxWidth`. */
export function cropScaled(image: GrayImage, x: number, y: number, w: number, h: number, height: number, maxWidth: number): GrayImage {
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
        for (let b = 0; b < steps; b++) sum += sample(image, x + (u + (b + 0.5) / steps) * sx - 0.5, y + (v + (a + 0.5) / steps) * sy - 0.5);
      }
      out.data[v * width + u] = sum / (steps * steps);
    }
  }
  return out;
}
