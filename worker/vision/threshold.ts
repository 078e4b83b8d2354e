/**
 * Grey images and the thresholding that finds dark marks in them, without any dependency: used by
 * the reader (worker/) and by the scanning app's live camera in the browser.
 */

/** A grey image, 0 (black) … 255 (white), row-major. */
export type GrayImage = { width: number; height: number; data: Float32Array };

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

