import { describe, expect, it } from "vitest";
import type * as TF from "@tensorflow/tfjs";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { SHIPPED_MODEL_DIR, SHIPPED_MOVES_MODEL_DIR, buildRecognizer, loadRecognizer, recognizeBoxes } from "./recognizer";
import { readingTrunk } from "./reading";
import { tensorflow } from "./tf";

const largestDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (value, i) => Math.abs(value - b[i])));

async function crops(tf: typeof TF, count: number, seed: number): Promise<TF.Tensor4D> {
  return tf.randomUniform([count, CROP_HEIGHT, CROP_WIDTH, 1], 0, 1, "float32", seed) as TF.Tensor4D;
}

describe("a recognizer laid out for reading", () => {
  it("reads what the model's own layers read, for the convolutional header recognizer and the recurrent move-box one", async () => {
    const tf = await tensorflow();
    for (const directory of [SHIPPED_MODEL_DIR, SHIPPED_MOVES_MODEL_DIR]) {
      const model = await loadRecognizer(directory);
      const input = await crops(tf, 5, 3);
      const own = tf.model({ inputs: model.inputs, outputs: model.layers[model.layers.length - 2].output as TF.SymbolicTensor }).predict(input) as TF.Tensor;
      const trunk = await readingTrunk(tf, model);
      const read = trunk.read(input);
      expect(read.shape).toEqual(own.shape);
      expect(largestDifference(read.dataSync(), own.dataSync())).toBeLessThan(1e-4 * Math.max(1, ...Array.from(own.dataSync(), Math.abs)));
      // built on a copy: the model's layers are applied nowhere else, so it can still be trained and saved as it was
      expect(model.layers.every((layer) => layer.inboundNodes.length === 1)).toBe(true);
      trunk.dispose();
    }
  });

  it("follows the model's weights when they change (training reads its model between epochs)", async () => {
    const tf = await tensorflow();
    const model = await buildRecognizer(11, true);
    const other = await buildRecognizer(12, true);
    const input = await crops(tf, 2, 4);
    const pixels = [0, 1].map((i) => input.slice([i, 0, 0, 0], [1, CROP_HEIGHT, CROP_WIDTH, 1]).dataSync() as Float32Array);
    const logProbs = (m: TF.LayersModel) => tf.logSoftmax(m.predict(input) as TF.Tensor).dataSync();
    const before = (await recognizeBoxes(model, pixels)).flatMap((box) => [...box.logProbs]);
    expect(largestDifference(before, logProbs(model))).toBeLessThan(1e-4);
    model.setWeights(other.getWeights());
    const after = (await recognizeBoxes(model, pixels)).flatMap((box) => [...box.logProbs]);
    expect(largestDifference(after, logProbs(other))).toBeLessThan(1e-4);
    expect(largestDifference(after, before)).toBeGreaterThan(1e-3);
  });
});
