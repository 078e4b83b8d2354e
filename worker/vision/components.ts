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

export function components(mask: Uint8Array, width: number, height: number, minArea = 1): Component[] {
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const found: Component[] = [];
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let area = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    let minX = width, minY = height, maxX = 0, maxY = 0;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      area++;
      sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !labels[q]) {
            labels[q] = next;
            stack[top++] = q;
          }
        }
      }
    }
    if (area < minArea) continue;
    const cx = sx / area;
    const cy = sy / area;
    found.push({
      area, cx, cy,
      sxx: sxx / area - cx * cx, syy: syy / area - cy * cy, sxy: sxy / area - cx * cy,
      minX, minY, maxX, maxY,
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
