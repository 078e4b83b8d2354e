/** Connected regions of set pixels (8-neighbourhood) with their area, centroid and second moments. */
export type Component = {
  area: number;
  cx: number;
  cy: number;
  /** Covariance of the pixel positions. */
  sxx: number;
  syy: number;
  sxy: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
};

/** Each set pixel's connected region (8-neighbourhood), numbered from 1 in the order the regions are first met; 0 where unset. */
export function componentLabels(mask: Uint8Array, width: number, height: number): { labels: Int32Array; count: number } {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    count++;
    let top = 0;
    stack[top++] = start;
    labels[start] = count;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !labels[q]) {
            labels[q] = count;
            stack[top++] = q;
          }
        }
      }
    }
  }
  return { labels, count };
}

export function components(mask: Uint8Array, width: number, height: number, minArea = 1): Component[] {
  const { labels, count } = componentLabels(mask, width, height);
  const area = new Float64Array(count + 1);
  const sx = new Float64Array(count + 1);
  const sy = new Float64Array(count + 1);
  const sxx = new Float64Array(count + 1);
  const syy = new Float64Array(count + 1);
  const sxy = new Float64Array(count + 1);
  const minX = new Int32Array(count + 1).fill(width);
  const minY = new Int32Array(count + 1).fill(height);
  const maxX = new Int32Array(count + 1);
  const maxY = new Int32Array(count + 1);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const label = labels[p];
      if (!label) continue;
      area[label]++;
      sx[label] += x; sy[label] += y; sxx[label] += x * x; syy[label] += y * y; sxy[label] += x * y;
      if (x < minX[label]) minX[label] = x;
      if (x > maxX[label]) maxX[label] = x;
      if (y < minY[label]) minY[label] = y;
      if (y > maxY[label]) maxY[label] = y;
    }
  }
  const found: Component[] = [];
  for (let label = 1; label <= count; label++) {
    if (area[label] < minArea) continue;
    const n = area[label];
    const cx = sx[label] / n;
    const cy = sy[label] / n;
    found.push({
      area: n, cx, cy,
      sxx: sxx[label] / n - cx * cx, syy: syy[label] / n - cy * cy, sxy: sxy[label] / n - cx * cy,
      minX: minX[label], minY: minY[label], maxX: maxX[label], maxY: maxY[label],
    });
  }
  return found;
}

/** How much a region looks like a solid square: 1 for a filled square or disc, less for strokes, frames and lines. */
export function solidity(c: Component): { compactness: number; elongation: number } {
  const trace = c.sxx + c.syy;
  const det = c.sxx * c.syy - c.sxy * c.sxy;
  const root = Math.sqrt(Math.max(0, (trace * trace) / 4 - det));
  const l1 = trace / 2 + root;
  const l2 = Math.max(1e-9, trace / 2 - root);
  return { compactness: c.area / (12 * Math.sqrt(Math.max(1e-9, det))), elongation: Math.sqrt(l1 / l2) };
}
