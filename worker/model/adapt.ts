import { CLASSES } from "../reader/alphabet";
import { ctcLossAndGradient } from "../reader/ctc";
import { frameLoss } from "./frameLoss";
import { FRAMES, type Head } from "./recognizer";
import { tensorflow } from "./tf";

/** A box of one writer's hand with what it is taken to show (class indices). */
export type WriterSample = { features: Float32Array; label: readonly number[] };

/**
 * Steps of Adam on the output layer, and their size: about 0.3 s for a sheet's boxes (on held-out
 * sheets 10 steps of 0.01 read as 30 or 60 of 0.003, in a third of the time; README, "Adapting to the writer").
 */
const ADAPT_STEPS = 10;
const ADAPT_RATE = 0.01;

/** The boxes' features one frame per row (boxes × FRAMES rows of `width`), as the output layer reads them. */
function stacked(features: readonly Float32Array[], width: number): Float32Array {
  const rows = new Float32Array(features.length * FRAMES * width);
  features.forEach((f, i) => rows.set(f, i * FRAMES * width));
  return rows;
}

/**
 * The output layer fine-tuned on one writer's boxes (CTC against their labels), the layers below it
 * kept: the recognizer learns how this hand writes the characters it already tells apart.
 */
export async function adaptHead(head: Head, samples: readonly WriterSample[]): Promise<Head> {
  const tf = await tensorflow();
  const x = tf.tensor2d(stacked(samples.map((sample) => sample.features), head.width), [samples.length * FRAMES, head.width]);
  const kernel = tf.variable(tf.tensor2d(head.kernel, [head.width, CLASSES]));
  const bias = tf.variable(tf.tensor1d(head.bias));
  const loss = frameLoss(tf, (logProbs, i, gradient) => ctcLossAndGradient(logProbs, FRAMES, CLASSES, samples[i].label, gradient));
  const optimizer = tf.train.adam(ADAPT_RATE);
  for (let step = 0; step < ADAPT_STEPS; step++) {
    optimizer.minimize(() => loss(tf.add(tf.matMul(x, kernel), bias).reshape([samples.length, FRAMES, CLASSES])), false, [kernel, bias]);
  }
  const adapted = { kernel: kernel.dataSync().slice() as Float32Array, bias: bias.dataSync().slice() as Float32Array, width: head.width };
  tf.dispose([x, kernel, bias]);
  optimizer.dispose();
  return adapted;
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
