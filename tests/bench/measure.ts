/** Runs `work` repeatedly for at least `minMs` (after a warm-up) and returns operations per second. */
export function perSecond(work: () => number, minMs = 1500): number {
  work();
  let operations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    operations += work();
    elapsed = performance.now() - start;
  }
  return (operations * 1000) / elapsed;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const format = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
