import type * as TF from "@tensorflow/tfjs";

/** A recurrent layer run for reading: frames [boxes, steps, width] in, the layer's output sequence out; `dispose` frees its weights. */
export type Recurrent = { run: (frames: TF.Tensor3D) => TF.Tensor3D; dispose: () => void };

/** What a bidirectional layer's getConfig() says (tfjs gives camel-case names). */
type BidirectionalConfig = {
  mergeMode?: string;
  layer?: { className: string; config: { units: number; activation: string; recurrentActivation: string; useBias: boolean; returnSequences: boolean; goBackwards: boolean } };
};

/** tanh tabulated over [−TANH_LIMIT, TANH_LIMIT] every 1/TANH_STEPS (beyond, ±1 within float32's precision). */
const TANH_LIMIT = 9;
const TANH_STEPS = 1024;
const TANH_TABLE = Float64Array.from({ length: 2 * TANH_LIMIT * TANH_STEPS + 2 }, (_, i) => Math.tanh(i / TANH_STEPS - TANH_LIMIT));

/** tanh interpolated in its table: within 1e-7 of Math.tanh, and several times faster (most of a step's gate work). */
function tabulatedTanh(x: number): number {
  if (x <= -TANH_LIMIT) return -1;
  if (x >= TANH_LIMIT) return 1;
  const position = (x + TANH_LIMIT) * TANH_STEPS;
  const i = position | 0;
  return TANH_TABLE[i] + (position - i) * (TANH_TABLE[i + 1] - TANH_TABLE[i]);
}

/** The gate functions tfjs's LSTM cell may use, computed the same way (to float32's precision). */
const ACTIVATIONS: Record<string, (x: number) => number> = {
  tanh: tabulatedTanh,
  sigmoid: (x) => 1 / (1 + Math.exp(-x)),
  // tfjs-layers' hard sigmoid: clip(0.2·x + 0.5, 0, 1)
  hardSigmoid: (x) => {
    const y = 0.2 * x + 0.5;
    return y < 0 ? 0 : y > 1 ? 1 : y;
  },
};

/** A direction's hidden states times its recurrent weights: [boxes, 4u], the gates i, f, g, o at 0, u, 2u, 3u. */
function hiddenProduct(tf: typeof TF, h: Float32Array, boxes: number, u: number, recurrent: TF.Tensor2D): Float32Array {
  const product = tf.tidy(() => tf.matMul(tf.tensor2d(h, [boxes, u]), recurrent));
  const values = product.dataSync() as Float32Array;
  product.dispose();
  return values;
}

/**
 * A bidirectional LSTM layer (merged by concatenation, whole sequences returned) computed for reading
 * with the same weights and functions as tfjs's own layer, but laid out for speed. tfjs runs each
 * direction's steps one by one, a dozen small tensor operations a step, each with its own overhead (and
 * tanh on the WebAssembly backend is slow). Here the input part of every gate, all steps, is one matrix
 * product per direction up front; each step is one product of each direction's hidden states with its
 * recurrent weights (both directions in one block-diagonal product would multiply as many zeros), and the
 * gates are computed in plain JavaScript. Returns null for any other layer or configuration; the caller
 * then uses the layer itself.
 */
export function fusedBidirectionalLstm(tf: typeof TF, layer: TF.layers.Layer): Recurrent | null {
  if (layer.getClassName() !== "Bidirectional") return null;
  const { mergeMode, layer: inner } = layer.getConfig() as BidirectionalConfig;
  if (mergeMode !== "concat" || inner?.className !== "LSTM") return null;
  const cell = inner.config;
  const activation = ACTIVATIONS[cell.activation];
  const gate = ACTIVATIONS[cell.recurrentActivation];
  const weights = layer.getWeights();
  if (!activation || !gate || !cell.useBias || !cell.returnSequences || cell.goBackwards || weights.length !== 6) return null;
  const u = cell.units;
  const width = weights[0].shape[0];
  // per direction (forward, backward): input weights [width, 4u], recurrent weights [u, 4u], bias [4u]
  const directions = [weights.slice(0, 3), weights.slice(3)].map(([kernel, recurrent, bias]) => ({ kernel: kernel.clone() as TF.Tensor2D, recurrent: recurrent.clone() as TF.Tensor2D, bias: bias.clone() }));
  const run = (frames: TF.Tensor3D) => {
    const [boxes, steps] = frames.shape;
    const out = new Float32Array(boxes * steps * 2 * u);
    directions.forEach(({ kernel, recurrent, bias }, d) => {
      const projected = tf.tidy(() => tf.fused.matMul({ a: tf.reshape(frames, [boxes * steps, width]), b: kernel, bias }));
      const inputs = projected.dataSync() as Float32Array;
      projected.dispose();
      const h = new Float32Array(boxes * u);
      const c = new Float32Array(boxes * u);
      for (let t = 0; t < steps; t++) {
        // the forward direction reads step t, the backward one step steps − 1 − t
        const step = d === 0 ? t : steps - 1 - t;
        const fromHidden = t === 0 ? new Float32Array(boxes * 4 * u) : hiddenProduct(tf, h, boxes, u, recurrent);
        for (let b = 0; b < boxes; b++) {
          const input = (b * steps + step) * 4 * u;
          const hidden = b * 4 * u;
          const state = b * u;
          const output = (b * steps + step) * 2 * u + d * u;
          for (let j = 0; j < u; j++) {
            // gates i, f, g, o at 0, u, 2u, 3u
            const x = input + j;
            const y = hidden + j;
            const cell = gate(inputs[x + u] + fromHidden[y + u]) * c[state + j] + gate(inputs[x] + fromHidden[y]) * activation(inputs[x + 2 * u] + fromHidden[y + 2 * u]);
            c[state + j] = cell;
            out[output + j] = h[state + j] = gate(inputs[x + 3 * u] + fromHidden[y + 3 * u]) * activation(cell);
          }
        }
      }
    });
    return tf.tensor3d(out, [boxes, steps, 2 * u]);
  };
  return { run, dispose: () => tf.dispose(directions.flatMap(({ kernel, recurrent, bias }) => [kernel, recurrent, bias])) };
}
