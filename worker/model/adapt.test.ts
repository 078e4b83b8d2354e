import { describe, expect, it } from "vitest";
import { CLASSES } from "../reader/alphabet";
import { ctcLogLikelihood, ctcLossAndGradient } from "../reader/ctc";
import { adaptHead, headLogProbs, type WriterSample } from "./adapt";
import { frameLoss } from "./frameLoss";
import { FRAMES, type Head } from "./recognizer";
import { tensorflow } from "./tf";

const WIDTH = 12;
let state = 5;
const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
const head: Head = { kernel: Float32Array.from({ length: WIDTH * CLASSES }, random), bias: Float32Array.from({ length: CLASSES }, random), width: WIDTH };
const samples: WriterSample[] = Array.from({ length: 6 }, (_, i) => ({
  features: Float32Array.from({ length: FRAMES * WIDTH }, () => 2 * random()),
  label: [1 + i, 20 + i, 30],
}));

/** The same fine-tuning through tfjs's gradient tape and its Adam (how adaptHead worked before it did its own arithmetic). */
async function adaptedByTfjs(steps: number): Promise<Float32Array> {
  const tf = await tensorflow();
  const x = tf.tensor2d(Float32Array.from(samples.flatMap((sample) => [...sample.features])), [samples.length * FRAMES, WIDTH]);
  const kernel = tf.variable(tf.tensor2d(head.kernel, [WIDTH, CLASSES]));
  const bias = tf.variable(tf.tensor1d(head.bias));
  const loss = frameLoss(tf, (logProbs, i, gradient) => ctcLossAndGradient(logProbs, FRAMES, CLASSES, samples[i].label, gradient));
  const optimizer = tf.train.adam(0.01);
  for (let step = 0; step < steps; step++) optimizer.minimize(() => loss(tf.add(tf.matMul(x, kernel), bias).reshape([samples.length, FRAMES, CLASSES])), false, [kernel, bias]);
  const result = kernel.dataSync().slice() as Float32Array;
  tf.dispose([x, kernel, bias]);
  optimizer.dispose();
  return result;
}

describe("adapting the output layer to a writer", () => {
  it("takes the steps tfjs's gradient tape and Adam take, and makes the boxes' labels likelier", async () => {
    const adapted = await adaptHead(head, samples);
    const reference = await adaptedByTfjs(10);
    const largest = Math.max(...adapted.kernel.map((value, i) => Math.abs(value - reference[i])));
    const moved = Math.max(...adapted.kernel.map((value, i) => Math.abs(value - head.kernel[i])));
    expect(moved).toBeGreaterThan(0.05);
    expect(largest).toBeLessThan(1e-3 * moved);
    const likelihood = async (layer: Head) =>
      (await headLogProbs(layer, samples.map((sample) => sample.features))).reduce((sum, logProbs, i) => sum + ctcLogLikelihood(logProbs, FRAMES, CLASSES, samples[i].label), 0);
    expect(await likelihood(adapted)).toBeGreaterThan((await likelihood(head)) + 5);
  });
});
