/**
 * Grey images and the thresholding that finds dark marks in them, without any dependency: used by
 * the reader (worker/) and by the scanning app's live camera in the browser.
 */

/** A grey image, 0 (black) … 255 (white), row-major. */
export type GrayImage = { width: number; height: number; data: Float32Array };

/** The image at half its width and height (an odd last row or column left out), each pixel the mean of four. */
export function halve(image: GrayImage): GrayImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Float32Array(width * height);
  const source = image.data;
  const stride = image.width;
  for (let y = 0; y < height; y++) {
    const top = 2 * y * stride;
    for (let x = 0; x < width; x++) {
      const i = top + 2 * x;
      data[y * width + x] = (source[i] + source[i + 1] + source[i + stride] + source[i + stride + 1]) / 4;
    }
  }
  return { width, height, data };
}

/**
 * Summed-area table for constant-time box means; written into `into` where given (as long as the table, or longer),
 * whose first row and column it sets to 0 itself.
 */
export function integral(image: GrayImage, into?: Float64Array): Float64Array {
  const { width, height, data } = image;
  const table = into ?? new Float64Array((width + 1) * (height + 1));
  if (into) {
    table.fill(0, 0, width + 1);
    for (let y = 1; y <= height; y++) table[y * (width + 1)] = 0;
  }
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

/** The window [from, to) of `half` on each side of every position, clamped (as boxMean clamps) to 0 … size. */
function windows(size: number, half: number): { from: Int32Array; to: Int32Array } {
  const [from, to] = [new Int32Array(size), new Int32Array(size)];
  for (let i = 0; i < size; i++) {
    from[i] = Math.max(0, Math.min(size, i - half));
    to[i] = Math.max(from[i] + 1, Math.min(size, i + half + 1));
  }
  return { from, to };
}

/**
 * The summed-area table of the latest adaptiveThreshold, written again by the next: a straightened page's is 18 MB,
 * and memory that size freshly allocated took 80–95 ms to fill on our machines, against about 10 ms reused.
 */
let scratchTable = new Float64Array(0);

/**
 * Dark pixels (1) against the local mean over a square window: robust to uneven light and shadows.
 * Each pixel's window mean is boxMean's, with the windows' clamped bounds worked out once per row and column.
 */
export function adaptiveThreshold(image: GrayImage, window: number, ratio = 0.8): Uint8Array {
  const { width, height, data } = image;
  if (scratchTable.length < (width + 1) * (height + 1)) scratchTable = new Float64Array((width + 1) * (height + 1));
  const table = integral(image, scratchTable);
  const half = Math.max(1, Math.round(window / 2));
  const [rows, columns] = [windows(height, half), windows(width, half)];
  const stride = width + 1;
  const out = new Uint8Array(width * height);
  const [from, to] = [columns.from, columns.to];
  // plain variables in the loop over pixels: arrays destructured per pixel took as long again (31 → 18 ms a page)
  for (let y = 0; y < height; y++) {
    const top = rows.from[y] * stride;
    const bottom = rows.to[y] * stride;
    const tall = rows.to[y] - rows.from[y];
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const ax = from[x];
      const bx = to[x];
      const sum = table[bottom + bx] - table[top + bx] - table[bottom + ax] + table[top + ax];
      out[row + x] = data[row + x] < (sum / ((bx - ax) * tall)) * ratio ? 1 : 0;
    }
  }
  return out;
}

/**
 * The value `share` of the way through `values` in ascending order (index ⌊share·n⌋, as in a sorted
 * copy), found by partitioning a copy only as far as that index needs (quickselect), not sorting it all.
 */
export function percentile(values: Float32Array, share: number): number {
  const a = Float32Array.from(values);
  const k = Math.min(a.length - 1, Math.floor(share * a.length));
  let [low, high] = [0, a.length - 1];
  while (low < high) {
    const pivot = a[(low + high) >> 1];
    let [i, j] = [low, high];
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        [a[i], a[j]] = [a[j], a[i]];
        i++;
        j--;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return a[k];
}
