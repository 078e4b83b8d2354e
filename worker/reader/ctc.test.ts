import { describe, expect, it } from "vitest";
import { CLASSES, encodeText } from "./alphabet";
import { ANY_FILE, ANY_RANK, ctcLogLikelihood, ctcLossAndGradient, ctcPrefixLogLikelihood, greedyDecode } from "./ctc";

/** Frames of log-probabilities from rows of probabilities. */
const frames = (rows: number[][]) => Float32Array.from(rows.flat().map(Math.log));

/** Brute force: sum over all class paths of length T whose collapsed text `matches`. */
function bruteForceSum(rows: number[][], matches: (collapsed: number[]) => boolean): number {
  const classes = rows[0].length;
  let total = 0;
  const walk = (t: number, path: number[], p: number) => {
    if (t === rows.length) {
      if (matches(path.filter((c, i) => c !== 0 && c !== path[i - 1]))) total += p;
      return;
    }
    for (let c = 0; c < classes; c++) walk(t + 1, [...path, c], p * rows[t][c]);
  };
  walk(0, [], 1);
  return total;
}
/** The paths that collapse to the label. */
const bruteForce = (rows: number[][], label: number[]) => bruteForceSum(rows, (collapsed) => collapsed.join() === label.join());
/** The paths whose collapsed text begins with the label. */
const bruteForcePrefix = (rows: number[][], label: number[]) => bruteForceSum(rows, (collapsed) => collapsed.slice(0, label.length).join() === label.join());

/** The forward pass in the log domain, written out plainly: log p(label | frames). */
function logDomainLikelihood(logProbs: Float32Array, frameCount: number, classes: number, label: number[]): number {
  const ext = [0, ...label.flatMap((c) => [c, 0])];
  const add = (a: number, b: number) => (a === -Infinity ? b : b === -Infinity ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));
  let alpha = ext.map((c, i) => (i < 2 ? logProbs[c] : -Infinity));
  for (let t = 1; t < frameCount; t++) {
    alpha = ext.map((c, i) => {
      let sum = alpha[i];
      if (i > 0) sum = add(sum, alpha[i - 1]);
      if (i > 1 && c !== 0 && c !== ext[i - 2]) sum = add(sum, alpha[i - 2]);
      return sum + logProbs[t * classes + c];
    });
  }
  return add(alpha[ext.length - 1], alpha[ext.length - 2]);
}

const rows = [
  [0.5, 0.3, 0.2],
  [0.2, 0.5, 0.3],
  [0.6, 0.1, 0.3],
  [0.3, 0.3, 0.4],
];

describe("CTC", () => {
  it("the prefix probability sums every text that begins with the label, and is at least the label's own", () => {
    const random = (() => { let x = 7; return () => ((x = (x * 16807) % 2147483647) / 2147483647); })();
    const wide = Array.from({ length: 6 }, () => {
      const row = [random(), random(), random(), random()];
      const sum = row.reduce((a, b) => a + b);
      return row.map((v) => v / sum);
    });
    for (const label of [[1], [2], [1, 1], [1, 2], [3, 1, 3], [2, 2, 1]]) {
      const prefix = ctcPrefixLogLikelihood(frames(wide), wide.length, 4, label);
      expect(prefix).toBeCloseTo(Math.log(bruteForcePrefix(wide, label)), 6);
      expect(prefix).toBeGreaterThan(ctcLogLikelihood(frames(wide), wide.length, 4, label));
    }
    // every text begins with nothing; no text of four frames begins with five characters
    expect(ctcPrefixLogLikelihood(frames(rows), rows.length, 3, [])).toBe(0);
    expect(ctcPrefixLogLikelihood(frames(rows), rows.length, 3, [1, 2, 1, 2, 1])).toBe(-Infinity);
  });

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

  it("gives the log domain's likelihood and loss on a recognizer's 40 frames, for likely and unlikely labels, and the loss's gradient", () => {
    let state = 7;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const [frameCount, classes] = [40, 41];
    const logSoftmax = (logits: readonly number[]) =>
      Float32Array.from(logits, (value, i) => {
        const row = logits.slice(i - (i % classes), i - (i % classes) + classes);
        return value - Math.log(row.reduce((sum, v) => sum + Math.exp(v), 0));
      });
    for (let trial = 0; trial < 20; trial++) {
      // peaked frames, as a recognizer's are: one class far ahead in most frames
      const logits = Array.from({ length: frameCount * classes }, () => (random() < 0.03 ? 12 : 0) + 4 * random());
      const logProbs = logSoftmax(logits);
      const label = Array.from({ length: 1 + (trial % 7) }, () => 1 + Math.floor(random() * (classes - 1)));
      const expected = logDomainLikelihood(logProbs, frameCount, classes, label);
      expect(Math.abs(ctcLogLikelihood(logProbs, frameCount, classes, label) - expected)).toBeLessThan(1e-9 * Math.max(1, Math.abs(expected)));
      const gradient = new Float32Array(frameCount * classes);
      expect(Math.abs(-ctcLossAndGradient(logProbs, frameCount, classes, label, gradient) - expected)).toBeLessThan(1e-9 * Math.max(1, Math.abs(expected)));
      // each frame's gradient sums to 0 (softmax minus occupancy), and a few logits bumped match it
      for (let t = 0; t < frameCount; t++) expect(Math.abs(gradient.slice(t * classes, (t + 1) * classes).reduce((sum, g) => sum + g, 0))).toBeLessThan(1e-5);
      for (const k of [label[0], classes + label[0], 20 * classes, 20 * classes + label[label.length - 1], 39 * classes + 3]) {
        const bumped = logits.map((v, i) => (i === k ? v + 1e-2 : v));
        const numeric = (-logDomainLikelihood(logSoftmax(bumped), frameCount, classes, label) + expected) / 1e-2;
        expect(gradient[k]).toBeCloseTo(numeric, 1);
      }
    }
  });

  it("gives the loss and a finite gradient for labels too unlikely for probabilities (e^−760 in every frame) and 0 for labels that cannot fit", () => {
    const logProbs = Float32Array.from({ length: 4 * 2 }, (_, i) => (i % 2 === 0 ? 0 : -760));
    const gradient = new Float32Array(8);
    expect(ctcLossAndGradient(logProbs, 4, 2, [1], gradient)).toBeCloseTo(760 - Math.log(4), 6);
    // the blank's probability 1 in every frame, its occupancy 3/4 of a frame on average: the blank pushed down
    expect([...gradient].every(Number.isFinite)).toBe(true);
    expect(gradient[0] + gradient[2] + gradient[4] + gradient[6]).toBeCloseTo(1, 5);
    // three characters with blanks between repeats need more than two frames
    expect(ctcLossAndGradient(frames(rows.slice(0, 2)), 2, 3, [1, 1, 1], gradient)).toBe(0);
    expect([...gradient.slice(0, 6)]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("stays exact for a label so unlikely that its probabilities underflow (e^−760 in every frame)", () => {
    // blank certain, class 1 at e^−760: p([1]) = Σ over runs of 1s ≈ 4·e^−760
    const logProbs = Float32Array.from({ length: 4 * 2 }, (_, i) => (i % 2 === 0 ? 0 : -760));
    expect(ctcLogLikelihood(logProbs, 4, 2, [1])).toBeCloseTo(Math.log(4) - 760, 6);
    // two hundred below: still exact with probabilities
    const likelier = Float32Array.from({ length: 4 * 2 }, (_, i) => (i % 2 === 0 ? 0 : -200));
    expect(ctcLogLikelihood(likelier, 4, 2, [1])).toBeCloseTo(Math.log(4) - 200, 6);
  });

  it("counts any file and any rank where a label leaves them open: the sum over the 64 labels they stand for, each class kept in all its frames", () => {
    let state = 11;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const logSumExp = (values: number[]) => {
      const top = Math.max(...values);
      return top + Math.log(values.reduce((sum, v) => sum + Math.exp(v - top), 0));
    };
    const squares = [..."abcdefgh"].flatMap((file) => [..."12345678"].map((rank) => file + rank));
    // a knight's move Ng1-f3 with its square of departure open, on the recognizer's 40 frames: peaked, then flat (where
    // an open entry that took any class in each frame of its own would count far more: e^48 more on the flat frames)
    for (const boost of [12, 0]) {
      const logits = Array.from({ length: 40 * CLASSES }, () => (random() < 0.05 ? boost : 0) + 4 * random());
      const logProbs = Float32Array.from(logits, (value, i) => {
        const row = logits.slice(i - (i % CLASSES), i - (i % CLASSES) + CLASSES);
        return value - Math.log(row.reduce((sum, v) => sum + Math.exp(v), 0));
      });
      const open = ctcLogLikelihood(logProbs, 40, CLASSES, [...encodeText("N"), ANY_FILE, ANY_RANK, ...encodeText("-f3")]);
      const each = squares.map((square) => ctcLogLikelihood(logProbs, 40, CLASSES, encodeText(`N${square}-f3`)));
      expect(Math.abs(open - logSumExp(each))).toBeLessThan(1e-6 * Math.max(1, Math.abs(open)));
    }
  });

  it("reads the best path with repeats merged and blanks dropped", () => {
    expect(greedyDecode(frames([[0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]), 5, 3)).toEqual([1, 1, 2]);
  });

  it("reads the best path among some classes only, the blank always among them", () => {
    const read = frames([[0.1, 0.6, 0.3], [0.7, 0.2, 0.1], [0.2, 0.5, 0.3]]);
    expect(greedyDecode(read, 3, 3)).toEqual([1, 1]);
    // without class 1 each frame's likeliest of the blank and class 2: class 2, the blank, class 2
    expect(greedyDecode(read, 3, 3, [2])).toEqual([2, 2]);
  });
});
