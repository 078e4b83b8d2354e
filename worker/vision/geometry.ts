/** Plane projective geometry: 3×3 homographies (row-major) between four point pairs. */
export type Point = { x: number; y: number };
export type Homography = readonly number[];

/** Solves A·x = b (n×n) by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row][col]) > Math.abs(m[pivot][col])) pivot = row;
    if (Math.abs(m[pivot][col]) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = m[row][col] / m[col][col];
      for (let k = col; k <= n; k++) m[row][k] -= factor * m[col][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/** The homography that maps each `from[i]` onto `to[i]` (four points, no three on a line). */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solveLinear(a, b);
  return h ? [...h, 1] : null;
}

export function project(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

export function invert(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, i] = h;
  const det = a * (e * i - f * k) - b * (d * i - f * g) + c * (d * k - e * g);
  return [
    (e * i - f * k) / det, (c * k - b * i) / det, (b * f - c * e) / det,
    (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
    (d * k - e * g) / det, (b * g - a * k) / det, (a * e - b * d) / det,
  ];
}

/** The homography that applies `second` after `first`. */
export function compose(second: Homography, first: Homography): Homography {
  return [0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => second[row * 3] * first[col] + second[row * 3 + 1] * first[3 + col] + second[row * 3 + 2] * first[6 + col]));
}
