import type { GrayImage } from "./threshold";

/**
 * Each value replaced by the largest (or smallest) within `radius` along a line of `count` values `stride` apart
 * from `start`, the line's end values taken to go on beyond it (van Herk / Gil-Werman: three comparisons a value,
 * whatever the radius). `line`, `forward`, `backward`: room for the line and its margins, reused from line to line.
 */
function extremeAlong(data: Float32Array, start: number, count: number, stride: number, radius: number, larger: boolean, [line, forward, backward]: Float32Array[]) {
  const size = 2 * radius + 1;
  const blocks = Math.ceil((count + 2 * radius) / size) * size;
  const sign = larger ? 1 : -1;
  // with the sign, the smallest is found as the largest of the negated values
  for (let i = 0; i < blocks; i++) line[i] = sign * data[start + Math.min(count - 1, Math.max(0, i - radius)) * stride];
  // block by block (`blocks` is a whole number of them), without a remainder per value
  for (let block = 0; block < blocks; block += size) {
    forward[block] = line[block];
    for (let i = block + 1; i < block + size; i++) forward[i] = line[i] > forward[i - 1] ? line[i] : forward[i - 1];
    backward[block + size - 1] = line[block + size - 1];
    for (let i = block + size - 2; i >= block; i--) backward[i] = line[i] > backward[i + 1] ? line[i] : backward[i + 1];
  }
  for (let i = 0; i < count; i++) data[start + i * stride] = sign * (backward[i] > forward[i + 2 * radius] ? backward[i] : forward[i + 2 * radius]);
}

/** The image with every value the largest (or smallest) in the square of `radius` around it. */
function extremeFilter(image: GrayImage, radius: number, larger: boolean): GrayImage {
  const { width, height } = image;
  const data = Float32Array.from(image.data);
  const room = Math.max(width, height) + 4 * radius + 2;
  const buffers = [new Float32Array(room), new Float32Array(room), new Float32Array(room)];
  for (let row = 0; row < height; row++) extremeAlong(data, row * width, width, 1, radius, larger, buffers);
  for (let column = 0; column < width; column++) extremeAlong(data, column, height, width, radius, larger, buffers);
  return { width, height, data };
}

/** The image widened by `margin` on every side, each new pixel a copy of the nearest one of the image. */
function padded(image: GrayImage, margin: number): GrayImage {
  const width = image.width + 2 * margin;
  const height = image.height + 2 * margin;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = Math.min(image.height - 1, Math.max(0, y - margin)) * image.width;
    for (let x = 0; x < width; x++) data[y * width + x] = image.data[from + Math.min(image.width - 1, Math.max(0, x - margin))];
  }
  return { width, height, data };
}

/**
 * The paper's brightness under each pixel: the image closed (largest, then smallest within `radius`), which removes
 * every dark stroke narrower than the square and keeps the light falling on the paper, a shadow's edge included
 * (the image continued beyond its sides, so that a shadow reaching out of it keeps its edge to the side too).
 */
export function paperLight(image: GrayImage, radius: number): GrayImage {
  const margin = 2 * radius;
  const closed = extremeFilter(extremeFilter(padded(image, margin), radius, true), radius, false);
  const data = new Float32Array(image.width * image.height);
  for (let y = 0; y < image.height; y++) data.set(closed.data.subarray((y + margin) * closed.width + margin, (y + margin) * closed.width + margin + image.width), y * image.width);
  return { width: image.width, height: image.height, data };
}

/** Light falling on the paper this much darker somewhere than elsewhere in an image counts as uneven (a shadow's edge). */
const UNEVEN = 0.85;
/** Paper of a part of an image this much darker than of another: the light looked at closely (paperLight). */
const MAYBE_UNEVEN = 0.92;

/**
 * Whether the paper of every part of the image (squares half its height, by the brightest tenth of their pixels) is
 * about as bright: nearly every box on a page, whose light then needs no closer look.
 */
function evenAtAGlance(image: GrayImage): boolean {
  const { width, height, data } = image;
  const side = Math.max(4, Math.round(height / 2));
  const [across, down] = [Math.ceil(width / side), Math.ceil(height / side)];
  const counts = new Uint32Array(across * down * 256);
  const cellOfColumn = Int32Array.from({ length: width }, (_, x) => Math.floor(x / side));
  const totals = new Uint32Array(across * down);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / side) * across;
    for (let x = 0; x < width; x++) {
      const value = data[y * width + x];
      // Math.round, kept within 0–255
      const level = value <= 0 ? 0 : value >= 255 ? 255 : Math.floor(value + 0.5);
      const cell = row + cellOfColumn[x];
      counts[cell * 256 + level]++;
      totals[cell]++;
    }
  }
  let [darkest, brightest] = [Infinity, -Infinity];
  for (let cell = 0; cell < across * down; cell++) {
    const at = cell * 256;
    let [level, above] = [255, counts[at + 255]];
    while (level > 0 && above < 0.1 * totals[cell]) above += counts[at + --level];
    darkest = Math.min(darkest, level);
    brightest = Math.max(brightest, level);
  }
  return darkest >= MAYBE_UNEVEN * brightest;
}

/**
 * The image as if evenly lit (each pixel divided by the light on its paper, times the brightest), or the image itself
 * where the light is even: a shadow's edge across a box otherwise reads as ink, and the writing in the shadow as paper.
 */
export function evenlyLit(image: GrayImage, radius: number): GrayImage {
  if (evenAtAGlance(image)) return image;
  const light = paperLight(image, radius).data;
  let [darkest, brightest] = [Infinity, 0];
  for (const value of light) {
    darkest = Math.min(darkest, value);
    brightest = Math.max(brightest, value);
  }
  if (darkest >= UNEVEN * brightest) return image;
  return { width: image.width, height: image.height, data: image.data.map((value, i) => (value * brightest) / Math.max(1, light[i])) };
}
