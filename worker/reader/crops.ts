import type { Rect } from "~/sheets/templates";
import { cropScaled, type GrayImage } from "../vision/image";

/** Recognizer input: a box's inside, ink = 1 and paper = 0, scaled to CROP_HEIGHT and padded to CROP_WIDTH. */
export const CROP_HEIGHT = 32;
export const CROP_WIDTH = 160;
/** Pixels (page resolution) trimmed off each side so the printed frame stays out. */
const INSET_PX = 2;

export type Crop = { pixels: Float32Array; ink: number };

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

export function cropBox(page: GrayImage, box: Rect): Crop {
  const image = cropScaled(page, box.x + INSET_PX, box.y + INSET_PX, box.w - 2 * INSET_PX, box.h - 2 * INSET_PX, CROP_HEIGHT, CROP_WIDTH);
  const paper = percentile(image.data, 0.75);
  const scale = Math.max(30, paper * 0.55);
  const pixels = new Float32Array(CROP_HEIGHT * CROP_WIDTH);
  let ink = 0;
  for (let y = 0; y < CROP_HEIGHT; y++) {
    for (let x = 0; x < image.width; x++) {
      const value = Math.max(0, Math.min(1, (paper - image.data[y * image.width + x]) / scale));
      pixels[y * CROP_WIDTH + x] = value;
      // ink away from the frame: what the writer put there
      if (value > 0.5 && y > 2 && y < CROP_HEIGHT - 3 && x > 2 && x < image.width - 3) ink++;
    }
  }
  return { pixels, ink };
}
