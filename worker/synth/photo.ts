import sharp from "sharp";
import { homography, type Point } from "../vision/geometry";
import { createImage, sample, warp, type GrayImage } from "../vision/image";
import type { Random } from "./handwriting";

const between = (random: Random, low: number, high: number) => low + (high - low) * random();

/** Photos of 4.3 megapixels: what a phone app uploads after scaling a camera picture down. */
const PHOTO_LONG_SIDE = 2400;
const PHOTO_SHORT_SIDE = 1800;

export type Photo = { jpeg: Buffer; corners: Point[] };

/**
 * Photographs a page: places it on a desk with rotation (sometimes upside down or sideways),
 * perspective and crop, then adds uneven light, a shadow, blur, sensor noise, a colour cast and
 * JPEG compression. Returns the JPEG and where the page corners ended up.
 */
export async function photograph(page: GrayImage, random: Random): Promise<Photo> {
  const landscape = random() < 0.2;
  const width = landscape ? PHOTO_LONG_SIDE : PHOTO_SHORT_SIDE;
  const height = landscape ? PHOTO_SHORT_SIDE : PHOTO_LONG_SIDE;
  const quarter = random() < 0.85 ? 0 : Math.floor(random() * 4);
  const angle = quarter * (Math.PI / 2) + between(random, -0.18, 0.18);
  const rotated = quarter % 2 === 1;
  const pageW = rotated ? page.height : page.width;
  const pageH = rotated ? page.width : page.height;
  const scale = Math.min(width / pageW, height / pageH) * between(random, 0.74, 0.93);
  const cx = width / 2 + between(random, -0.04, 0.04) * width;
  const cy = height / 2 + between(random, -0.04, 0.04) * height;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const source: Point[] = [
    { x: 0, y: 0 },
    { x: page.width, y: 0 },
    { x: page.width, y: page.height },
    { x: 0, y: page.height },
  ];
  const perspective = between(random, 0.01, 0.08);
  const corners = source.map(({ x, y }) => {
    const dx = (x - page.width / 2) * scale;
    const dy = (y - page.height / 2) * scale;
    return {
      x: cx + dx * cos - dy * sin + (random() - 0.5) * perspective * width,
      y: cy + dx * sin + dy * cos + (random() - 0.5) * perspective * height,
    };
  });
  const map = homography(corners, source);
  if (!map) throw new Error("degenerate photo geometry");
  const desk = between(random, 40, 170);
  const photo = warp(page, map, width, height, desk);
  light(photo, random, corners);
  return { jpeg: await encode(photo, random), corners };
}

function light(image: GrayImage, random: Random, corners: Point[]) {
  const { width, height, data } = image;
  const gx = between(random, -0.35, 0.35) / width;
  const gy = between(random, -0.35, 0.35) / height;
  const base = between(random, 0.75, 1.05);
  const shadow = random() < 0.6;
  // a shadow: a half-plane through the page with a soft edge
  const sx = corners[0].x + random() * (corners[2].x - corners[0].x);
  const sy = corners[0].y + random() * (corners[2].y - corners[0].y);
  const theta = random() * Math.PI * 2;
  const nx = Math.cos(theta);
  const ny = Math.sin(theta);
  const depth = between(random, 0.45, 0.8);
  const soft = between(random, 10, 80);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let factor = base + gx * (x - width / 2) + gy * (y - height / 2);
      if (shadow) {
        const d = (x - sx) * nx + (y - sy) * ny;
        const t = 1 / (1 + Math.exp(-d / soft));
        factor *= 1 - (1 - depth) * t;
      }
      data[y * width + x] *= factor;
    }
  }
}

async function encode(image: GrayImage, random: Random): Promise<Buffer> {
  const { width, height, data } = image;
  const noise = between(random, 1, 7);
  const tint = [between(random, 0.92, 1.05), between(random, 0.95, 1.02), between(random, 0.82, 1)];
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const n = (random() + random() + random() - 1.5) * noise * 1.15;
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.max(0, Math.min(255, Math.round(data[i] * tint[c] + n)));
  }
  const blur = random() < 0.7 ? between(random, 0.4, 1.6) : 0;
  let pipeline = sharp(rgb, { raw: { width, height, channels: 3 } });
  if (blur >= 0.3) pipeline = pipeline.blur(blur);
  return pipeline.jpeg({ quality: Math.round(between(random, 45, 92)) }).toBuffer();
}

/**
 * The page bowed as a sheet lifted at its sides lies: its content moved down by `depth` times the sine of the way
 * across (`depth` at the middle, nothing at the edges), so that rows sag and lean. `depth` in units of the page's
 * width (mm over the width in mm).
 */
export function bowed(page: GrayImage, depth: number): GrayImage {
  const out = createImage(page.width, page.height);
  const sag = Array.from({ length: page.width }, (_, u) => depth * page.width * Math.sin((Math.PI * (u + 0.5)) / page.width));
  for (let v = 0; v < page.height; v++) for (let u = 0; u < page.width; u++) out.data[v * page.width + u] = sample(page, u, v - sag[u], 255);
  return out;
}
