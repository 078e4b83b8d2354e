import type * as TF from "@tensorflow/tfjs";
import { CLASSES } from "../reader/alphabet";
import { FRAMES } from "./recognizer";

/**
 * A loss over a batch of per-frame logits (batch × FRAMES × CLASSES) whose value and gradient are
 * computed box by box outside TensorFlow (CTC, aligned cross-entropy): `lossOf(logProbs, i, gradient)`
 * returns box i's loss and writes its gradient with respect to the logits. The batch loss is the mean.
 */
export function frameLoss(tf: typeof TF, lossOf: (logProbs: Float32Array, box: number, gradient: Float32Array) => number) {
  const forward = (logits: TF.Tensor) => {
    const [batch] = logits.shape;
    const logProbs = tf.tidy(() => tf.logSoftmax(logits)).dataSync() as Float32Array;
    const size = FRAMES * CLASSES;
    const gradient = new Float32Array(batch * size);
    let loss = 0;
    for (let i = 0; i < batch; i++) loss += lossOf(logProbs.subarray(i * size, (i + 1) * size), i, gradient.subarray(i * size, (i + 1) * size));
    return {
      value: tf.scalar(loss / batch),
      gradFunc: (dy: TF.Tensor) => tf.mul(tf.tensor(gradient, logits.shape).div(batch), dy),
    };
  };
  return tf.customGrad(forward as unknown as Parameters<typeof tf.customGrad>[0]) as (logits: TF.Tensor) => TF.Scalar;
}
