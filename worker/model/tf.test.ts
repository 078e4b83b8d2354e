import { describe, expect, it } from "vitest";
import { tensorflow } from "./tf";

/** Largest absolute difference between two arrays. */
const maxDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (v, i) => Math.abs(v - b[i])));

describe("TensorFlow.js set-up for training on the wasm backend", () => {
  it("computes convolution gradients (input and filter) equal to the CPU backend's", async () => {
    const tf = await tensorflow();
    const x = tf.randomNormal([2, 6, 9, 3], 0, 1, "float32", 1);
    const filter = tf.randomNormal([3, 5, 3, 4], 0, 1, "float32", 2);
    const weights = tf.randomNormal([2, 6, 9, 4], 0, 1, "float32", 3);
    const gradients = () => {
      const [dx, dFilter] = tf.grads((a: typeof x, f: typeof filter) => tf.sum(tf.mul(tf.conv2d(a as never, f as never, 1, "same"), weights)))([x, filter]);
      return [dx.dataSync(), dFilter.dataSync()];
    };
    const [wasmDx, wasmDf] = gradients();
    await tf.setBackend("cpu");
    const [cpuDx, cpuDf] = gradients();
    await tf.setBackend("wasm");
    expect(maxDifference(wasmDx, cpuDx)).toBeLessThan(1e-4);
    expect(maxDifference(wasmDf, cpuDf)).toBeLessThan(1e-3);
  });

  it("computes the batch-normalisation gradient of a training batch like finite differences", async () => {
    const tf = await tensorflow();
    const layer = tf.layers.batchNormalization({ gammaInitializer: "randomNormal" });
    const weights = tf.randomNormal([3, 2, 2, 2], 0, 1, "float32", 5);
    const loss = (input: Float32Array) =>
      tf.tidy(() => tf.sum(tf.mul(layer.apply(tf.tensor4d(input, [3, 2, 2, 2]), { training: true }) as never, weights)));
    const input = tf.randomNormal([3, 2, 2, 2], 0, 1, "float32", 4).dataSync() as Float32Array;
    const analytic = tf.grad((x) => tf.sum(tf.mul(layer.apply(x, { training: true }) as never, weights)))(tf.tensor4d(input, [3, 2, 2, 2])).dataSync();
    const step = 1e-2;
    const numeric = Array.from(input, (_, k) => {
      const plus = Float32Array.from(input);
      const minus = Float32Array.from(input);
      plus[k] += step;
      minus[k] -= step;
      return (loss(plus).dataSync()[0] - loss(minus).dataSync()[0]) / (2 * step);
    });
    expect(maxDifference(analytic, numeric)).toBeLessThan(1e-3);
  });

  it("multiplies transposed matrices, plain and fused with a bias and activation, 2-D and batched, as the CPU backend does", async () => {
    const tf = await tensorflow();
    const products = () =>
      [false, true].flatMap((transposeA) =>
        [false, true].flatMap((transposeB) => {
          const a = tf.randomNormal(transposeA ? [5, 7] : [7, 5], 0, 1, "float32", 6);
          const b = tf.randomNormal(transposeB ? [3, 5] : [5, 3], 0, 1, "float32", 7);
          const batchA = tf.randomNormal(transposeA ? [2, 5, 7] : [2, 7, 5], 0, 1, "float32", 8);
          const batchB = tf.randomNormal(transposeB ? [2, 3, 5] : [2, 5, 3], 0, 1, "float32", 9);
          const bias = tf.randomNormal([3], 0, 1, "float32", 10);
          return [
            tf.matMul(a, b, transposeA, transposeB),
            tf.matMul(batchA, batchB, transposeA, transposeB),
            tf.fused.matMul({ a, b, transposeA, transposeB, bias, activation: "relu" }),
          ].map((product) => ({ shape: product.shape, values: product.dataSync() }));
        }),
      );
    const wasm = products();
    await tf.setBackend("cpu");
    const cpu = products();
    await tf.setBackend("wasm");
    expect(wasm.map((product) => product.shape)).toEqual(cpu.map((product) => product.shape));
    wasm.forEach((product, i) => expect(maxDifference(product.values, cpu[i].values)).toBeLessThan(1e-5));
    // the relu of the fused products is applied: some are cut to 0, some stay above
    expect(wasm[2].values.some((v) => v === 0) && wasm[2].values.some((v) => v > 0)).toBe(true);
  });
});
