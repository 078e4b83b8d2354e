import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";

/** How one training crop is varied: stretched, sheared, moved, its strokes made thicker or thinner. */
export type Variation = { scaleX: number; scaleY: number; shear: number; shift: number; stroke: -1 | 0 | 1 };

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();

/** A random variation, so that the recognizer sees more hands than the training fonts write. */
export function randomVariation(random: () => number): Variation {
  const stroke = random();
  return {
    scaleX: between(random, 0.8, 1.2),
    scaleY: between(random, 0.85, 1.05),
    shear: between(random, -0.3, 0.3),
    shift: between(random, -2, 2),
    stroke: stroke < 0.2 ? -1 : stroke < 0.45 ? 1 : 0,
  };
}

const MIDDLE = CROP_HEIGHT / 2;

/** Where a column of the crop moves to (at half height, where characters' middles are). */
export function movedColumn(x: number, variation: Variation): number {
  return x * variation.scaleX + variation.shift;
}

function bilinear(pixels: Uint8Array, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (u: number, v: number) => (u < 0 || v < 0 || u >= CROP_WIDTH || v >= CROP_HEIGHT ? 0 : pixels[v * CROP_WIDTH + u]);
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
}

/** Thicker (1) or thinner (−1) strokes: the largest or smallest ink of each pixel and its row neighbours. */
function strokeWidth(ink: Float32Array, direction: 1 | -1): Float32Array {
  const out = new Float32Array(ink.length);
  const pick = direction === 1 ? Math.max : Math.min;
  for (let y = 0; y < CROP_HEIGHT; y++)
    for (let x = 0; x < CROP_WIDTH; x++) {
      const i = y * CROP_WIDTH + x;
      out[i] = pick(ink[i], x > 0 ? ink[i - 1] : 0, x + 1 < CROP_WIDTH ? ink[i + 1] : 0, y > 0 ? ink[i - CROP_WIDTH] : 0);
    }
  return out;
}

/** The crop (ink 0–255) varied, as recognizer input (ink 0–1), written into `into`. */
export function varyCrop(pixels: Uint8Array, variation: Variation, into: Float32Array): void {
  let ink: Float32Array = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
  for (let y = 0; y < CROP_HEIGHT; y++) {
    const sourceY = (y - MIDDLE) / variation.scaleY + MIDDLE;
    for (let x = 0; x < CROP_WIDTH; x++) {
      // inverse of: x' = (x + shear · (middle − y)) · scaleX + shift
      const sourceX = (x - variation.shift) / variation.scaleX - variation.shear * (MIDDLE - sourceY);
      ink[y * CROP_WIDTH + x] = bilinear(pixels, sourceX, sourceY) / 255;
    }
  }
  if (variation.stroke !== 0) ink = strokeWidth(ink, variation.stroke);
  into.set(ink);
}
