import { describe, expect, it } from "vitest";
import type * as TF from "@tensorflow/tfjs";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { SHIPPED_MOVES_MODEL_DIR, loadRecognizer, recognizeBoxes } from "./recognizer";
import { fusedBidirectionalLstm } from "./recurrent";
import { tensorflow } from "./tf";

const largestDifference = (a: TF.Tensor, b: TF.Tensor) => Math.max(...Array.from(a.dataSync(), (value, i) => Math.abs(value - b.dataSync()[i])));

async function bidirectional(recurrentActivation: "hardSigmoid" | "sigmoid", width: number, units: number, steps: number): Promise<TF.layers.Layer> {
  const tf = await tensorflow();
  const layer = tf.layers.bidirectional({
    layer: tf.layers.lstm({ units, returnSequences: true, recurrentActivation, kernelInitializer: tf.initializers.glorotUniform({ seed: 3 }), biasInitializer: tf.initializers.randomNormal({ seed: 4 }) }) as TF.RNN,
    mergeMode: "concat",
  });
  layer.build([null, steps, width]);
  return layer;
}

describe("the bidirectional LSTM computed for reading", () => {
  it("gives the values tfjs's own layer gives, for both kinds of gate function, and the sequence in reading order", async () => {
    const tf = await tensorflow();
    for (const gate of ["hardSigmoid", "sigmoid"] as const) {
      const layer = await bidirectional(gate, 5, 3, 7);
      const frames = tf.randomNormal([4, 7, 5], 0, 2, "float32", 11) as TF.Tensor3D;
      const fused = fusedBidirectionalLstm(tf, layer)!;
      const expected = layer.apply(frames) as TF.Tensor;
      const actual = fused.run(frames);
      expect(actual.shape).toEqual([4, 7, 6]);
      expect(largestDifference(actual, expected)).toBeLessThan(1e-5);
      // the backward half differs from the forward half: the directions are not mixed up
      expect(largestDifference(actual.slice([0, 0, 0], [4, 7, 3]), actual.slice([0, 0, 3], [4, 7, 3]))).toBeGreaterThan(0.01);
    }
  });

  it("is not used for other layers or merges", async () => {
    const tf = await tensorflow();
    const summed = tf.layers.bidirectional({ layer: tf.layers.lstm({ units: 3, returnSequences: true }) as TF.RNN, mergeMode: "sum" });
    summed.build([null, 7, 5]);
    const lastOnly = tf.layers.bidirectional({ layer: tf.layers.lstm({ units: 3 }) as TF.RNN, mergeMode: "concat" });
    lastOnly.build([null, 7, 5]);
    const gru = tf.layers.bidirectional({ layer: tf.layers.gru({ units: 3, returnSequences: true }) as TF.RNN, mergeMode: "concat" });
    gru.build([null, 7, 5]);
    for (const layer of [summed, lastOnly, gru, tf.layers.dense({ units: 4 })]) expect(fusedBidirectionalLstm(tf, layer)).toBeNull();
  });

  it("reads the shipped move-box recognizer's boxes as the model itself does", async () => {
    const tf = await tensorflow();
    const model = await loadRecognizer(SHIPPED_MOVES_MODEL_DIR);
    const crops = [0, 1, 2].map((seed) => tf.randomUniform([CROP_HEIGHT * CROP_WIDTH], 0, 1, "float32", seed).dataSync() as Float32Array);
    const boxes = await recognizeBoxes(model, crops);
    const expected = tf.logSoftmax(model.predict(tf.tensor4d(Float32Array.from(crops.flatMap((crop) => [...crop])), [3, CROP_HEIGHT, CROP_WIDTH, 1])) as TF.Tensor);
    const actual = tf.tensor(Float32Array.from(boxes.flatMap((box) => [...box.logProbs])), expected.shape);
    expect(largestDifference(actual, expected)).toBeLessThan(1e-4);
  });
});
