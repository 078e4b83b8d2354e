import { describe, expect, it } from "vitest";
import { ctcLogLikelihood, ctcLossAndGradient, greedyDecode } from "./ctc";

/** Frames of log-probabilities from rows of probabilities. */
const frames = (rows: number[][]) => Float32Array.from(rows.flat().map(Math.log));

/** Brute force: sum over all class paths of length T that collapse to the label. */
function bruteForce(rows: number[][], label: number[]): number {
  const classes = rows[0].length;
  let total = 0;
  const walk = (t: number, path: number[], p: number) => {
    if (t === rows.length) {
      const collapsed = path.filter((c, i) => c !== 0 && c !== path[i - 1]);
      if (collapsed.join() === label.join()) total += p;
      return;
    }
    for (let c = 0; c < classes; c++) walk(t + 1, [...path, c], p * rows[t][c]);
  };
  walk(0, [], 1);
  return total;
}

const rows = [
  [0.5, 0.3, 0.2],
  [0.2, 0.5, 0.3],
  [0.6, 0.1, 0.3],
  [0.3, 0.3, 0.4],
];

describe("CTC", () => {
  it("sums every alignment of a label, including repeated characters that need a blank between them", () => {
    for (const label of [[1], [1, 2], [1, 1], [2, 1, 2]]) {
      expect(Math.exp(ctcLogLikelihood(frames(rows), 4, 3, label))).toBeCloseTo(bruteForce(rows, label), 6);
    }
  });

  it("gives the loss −log p and a gradient that matches finite differences of the logits", () => {
    const logits = [0.3, -0.2, 0.1, 1.0, 0.2, -0.5, 0.0, 0.4, 0.9, -0.3, 0.6, 0.2];
    const logSoftmax = (values: number[]) => {
      const out: number[] = [];
      for (let t = 0; t < 4; t++) {
        const row = values.slice(t * 3, t * 3 + 3);
        const norm = Math.log(row.reduce((s, v) => s + Math.exp(v), 0));
        out.push(...row.map((v) => v - norm));
      }
      return Float32Array.from(out);
    };
    const gradient = new Float32Array(12);
    const loss = ctcLossAndGradient(logSoftmax(logits), 4, 3, [1, 2], gradient);
    expect(loss).toBeCloseTo(-ctcLogLikelihood(logSoftmax(logits), 4, 3, [1, 2]), 5);
    for (let k = 0; k < 12; k++) {
      const bumped = logits.map((v, i) => (i === k ? v + 1e-3 : v));
      const numeric = (-ctcLogLikelihood(logSoftmax(bumped), 4, 3, [1, 2]) - loss) / 1e-3;
      expect(gradient[k]).toBeCloseTo(numeric, 2);
    }
  });

  it("reads the best path with repeats merged and blanks dropped", () => {
    expect(greedyDecode(frames([[0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]), 5, 3)).toEqual([1, 1, 2]);
  });
});
