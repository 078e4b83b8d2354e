import { describe, expect, it } from "vitest";
import { BLANK } from "../reader/alphabet";
import { greedyDecode } from "../reader/ctc";
import { IGNORED, alignedLossAndGradient, frameTargets } from "./aligned";

const logSoftmax = (logits: number[]) => {
  const max = Math.max(...logits);
  const sum = logits.reduce((s, v) => s + Math.exp(v - max), 0);
  return logits.map((v) => v - max - Math.log(sum));
};

describe("frame-aligned training targets", () => {
  it("puts each character on its middle frame, ignores its neighbours and leaves the rest blank", () => {
    expect(Array.from(frameTargets([5, 7, 7], [1, 4, 7], 10))).toEqual([IGNORED, 5, IGNORED, IGNORED, 7, IGNORED, IGNORED, 7, IGNORED, BLANK]);
  });

  it("reads back as the label under CTC's rule, even for a doubled character", () => {
    const targets = frameTargets([3, 3, 9], [0, 3, 6], 8);
    const logProbs = new Float32Array(8 * 12).fill(-10);
    targets.forEach((target, t) => (logProbs[t * 12 + (target === IGNORED ? BLANK : target)] = 0));
    expect(greedyDecode(logProbs, 8, 12)).toEqual([3, 3, 9]);
  });

  it("gives the summed cross-entropy and its gradient, and nothing for ignored frames", () => {
    const rows = [logSoftmax([1, 2, 0.5]), logSoftmax([0, -1, 3]), logSoftmax([2, 2, 2])];
    const logProbs = Float32Array.from(rows.flat());
    const gradient = new Float32Array(9);
    const loss = alignedLossAndGradient(logProbs, 3, 3, Int32Array.from([1, IGNORED, 0]), gradient);
    expect(loss).toBeCloseTo(-rows[0][1] - rows[2][0], 5);
    expect(Array.from(gradient.subarray(3, 6))).toEqual([0, 0, 0]);
    expect(gradient[1]).toBeCloseTo(Math.exp(rows[0][1]) - 1, 5);
    expect(gradient[6]).toBeCloseTo(1 / 3 - 1, 5);
    expect(gradient[7]).toBeCloseTo(1 / 3, 5);
  });
});
