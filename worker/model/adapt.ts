import type * as TF from "@tensorflow/tfjs";
import { CLASSES } from "../reader/alphabet";
import { ctcLossAndGradient } from "../reader/ctc";
import { FRAMES, type Head } from "./recognizer";
import { tensorflow } from "./tf";

/** A box of one writer's hand with what it is taken to show (class indices). */
export type WriterSample = { features: Float32Array; label: readonly number[] };

/**
 * Steps of Adam on the output layer, and their size: about 0.1 s for a sheet's sure boxes, the largest part of it the two
 * products of the boxes' frames with the layer in each step (on held-out sheets 10 steps of 0.01 read as 30 or 60 of 0.003, in a third
 * of the time; README, "Adapting to the writer").
 */
const ADAPT_STEPS = 10;
const ADAPT_RATE = 0.01;

/** The boxes' features one frame per row (boxes × FRAMES rows of `width`), as the output layer reads them. */
function stacked(features: readonly Float32Array[], width: number): Float32Array {
  const rows = new Float32Array(features.length * FRAMES * width);
  features.forEach((f, i) => rows.set(f, i * FRAMES * width));
  return rows;
}

/** Adam's constants, as tf.train.adam's (its epsilon the float32 backend's). */
const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-7;

/** One step of Adam (Kingma & Ba 2015, as tfjs's) on `values` from `gradient`, its moments kept in `first` and `second`. */
function adamStep(values: Float32Array, gradient: Float32Array, first: Float32Array, second: Float32Array, step: number) {
  const firstScale = 1 / (1 - BETA1 ** step);
  const secondScale = 1 / (1 - BETA2 ** step);
  for (let i = 0; i < values.length; i++) {
    first[i] = BETA1 * first[i] + (1 - BETA1) * gradient[i];
    second[i] = BETA2 * second[i] + (1 - BETA2) * gradient[i] * gradient[i];
    values[i] -= (ADAPT_RATE * first[i] * firstScale) / (Math.sqrt(second[i] * secondScale) + EPSILON);
  }
}

/** Each row of `logits` (rows × CLASSES) plus `bias`, as log-probabilities, in place. */
function logSoftmaxRows(logits: Float32Array, bias: Float32Array) {
  for (let row = 0; row < logits.length; row += CLASSES) {
    let top = -Infinity;
    for (let c = 0; c < CLASSES; c++) top = Math.max(top, (logits[row + c] += bias[c]));
    let sum = 0;
    for (let c = 0; c < CLASSES; c++) sum += Math.exp(logits[row + c] - top);
    const norm = top + Math.log(sum);
    for (let c = 0; c < CLASSES; c++) logits[row + c] -= norm;
  }
}

/**
 * The output layer fine-tuned on one writer's boxes (CTC against their labels), the layers below it
 * kept: the recognizer learns how this hand writes the characters it already tells apart. The layer is
 * linear, so its gradient is the features (transposed) times the CTC gradient of its outputs: tfjs
 * multiplies, the rest (softmax, CTC, Adam on some 8,000 weights) is plain arithmetic here, in about a
 * seventh less time than tfjs's gradient tape and optimizer took for the same steps.
 */
export async function adaptHead(head: Head, samples: readonly WriterSample[]): Promise<Head> {
  const tf = await tensorflow();
  const rows = samples.length * FRAMES;
  const x = tf.tensor2d(stacked(samples.map((sample) => sample.features), head.width), [rows, head.width]);
  const xT = tf.transpose(x);
  const kernel = head.kernel.slice();
  const bias = head.bias.slice();
  // Adam's first and second moments of each
  const [kernelFirst, kernelSecond] = [new Float32Array(kernel.length), new Float32Array(kernel.length)];
  const [biasFirst, biasSecond] = [new Float32Array(CLASSES), new Float32Array(CLASSES)];
  const gradient = new Float32Array(rows * CLASSES);
  const biasGradient = new Float32Array(CLASSES);
  const size = FRAMES * CLASSES;
  /** `matrix` times the matrix of `values` (`shape`), read back. */
  const product = (matrix: TF.Tensor2D, values: Float32Array, shape: [number, number]) => {
    const result = tf.tidy(() => tf.matMul(matrix, tf.tensor2d(values, shape)));
    const data = result.dataSync() as Float32Array;
    result.dispose();
    return data;
  };
  for (let step = 1; step <= ADAPT_STEPS; step++) {
    const logProbs = product(x, kernel, [head.width, CLASSES]);
    logSoftmaxRows(logProbs, bias);
    // the batch's loss is the mean of its boxes'
    samples.forEach((sample, i) => ctcLossAndGradient(logProbs.subarray(i * size, (i + 1) * size), FRAMES, CLASSES, sample.label, gradient.subarray(i * size, (i + 1) * size)));
    for (let i = 0; i < gradient.length; i++) gradient[i] /= samples.length;
    const kernelGradient = product(xT, gradient, [rows, CLASSES]);
    biasGradient.fill(0);
    for (let i = 0; i < gradient.length; i++) biasGradient[i % CLASSES] += gradient[i];
    adamStep(kernel, kernelGradient, kernelFirst, kernelSecond, step);
    adamStep(bias, biasGradient, biasFirst, biasSecond, step);
  }
  tf.dispose([x, xT]);
  return { kernel, bias, width: head.width };
}

/** Per-frame log-probabilities (FRAMES × CLASSES) of boxes from their features, read by `head`. */
export async function headLogProbs(head: Head, features: readonly Float32Array[]): Promise<Float32Array[]> {
  if (features.length === 0) return [];
  const tf = await tensorflow();
  const logProbs = tf.tidy(() =>
    tf.logSoftmax(tf.add(tf.matMul(tf.tensor2d(stacked(features, head.width), [features.length * FRAMES, head.width]), tf.tensor2d(head.kernel, [head.width, CLASSES])), tf.tensor1d(head.bias))),
  );
  const data = (await logProbs.data()) as Float32Array;
  logProbs.dispose();
  const size = FRAMES * CLASSES;
  return features.map((_, i) => data.slice(i * size, (i + 1) * size));
}
