import { BLANK } from "../reader/alphabet";

/** Per-frame target: a class, or IGNORED for frames next to a character's middle (either reading is fine). */
export const IGNORED = -1;

/**
 * Frame targets for a box whose characters' places are known (synthetic sheets): each character
 * on the frame its middle falls on, the frames beside it ignored, every other frame blank. Read
 * the way CTC reads (repeats merged, blanks dropped), the targets give back the label.
 */
export function frameTargets(label: readonly number[], middles: readonly number[], frames: number): Int32Array {
  const targets = new Int32Array(frames).fill(BLANK);
  middles.forEach((middle) => {
    for (const beside of [middle - 1, middle + 1]) if (beside >= 0 && beside < frames) targets[beside] = IGNORED;
  });
  middles.forEach((middle, i) => (targets[middle] = label[i]));
  return targets;
}

/**
 * Cross-entropy of each frame against its target, summed over frames; writes the gradient with
 * respect to the logits (softmax − one-hot, zero on ignored frames) and returns the loss.
 */
export function alignedLossAndGradient(logProbs: Float32Array, frames: number, classes: number, targets: Int32Array, gradient: Float32Array): number {
  let loss = 0;
  for (let t = 0; t < frames; t++) {
    const row = t * classes;
    const target = targets[t];
    if (target === IGNORED) {
      gradient.fill(0, row, row + classes);
      continue;
    }
    for (let c = 0; c < classes; c++) gradient[row + c] = Math.exp(logProbs[row + c]);
    gradient[row + target] -= 1;
    loss -= logProbs[row + target];
  }
  return loss;
}
