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

/**
 * Both directions' weights in one matrix: column (gate k, direction d, unit j) at k·2u + d·u + j, from
 * direction d's column k·u + j; with `rows` per direction stacked (d·rows + r) when `blocks`, the
 * recurrent weights (each direction's hidden state meets only its own), else shared (the input weights).
 */
function interleaved(parts: readonly Float32Array[], rows: number, units: number, blocks: boolean): Float32Array {
  const out = new Float32Array((blocks ? 2 * rows : rows) * 8 * units);
  parts.forEach((part, d) => {
    for (let r = 0; r < rows; r++) {
      const row = (blocks ? d * rows + r : r) * 8 * units;
      for (let k = 0; k < 4; k++) out.set(part.subarray(r * 4 * units + k * units, r * 4 * units + (k + 1) * units), row + k * 2 * units + d * units);
    }
  });
  return out;
}

/** Both directions' hidden states times their recurrent weights: [boxes, 8u]. */
function hiddenProduct(tf: typeof TF, h: Float32Array, boxes: number, u: number, recurrent: TF.Tensor2D): Float32Array {
  const product = tf.tidy(() => tf.matMul(tf.tensor2d(h, [boxes, 2 * u]), recurrent));
  const values = product.dataSync() as Float32Array;
  product.dispose();
  return values;
}

/**
 * A bidirectional LSTM layer (merged by concatenation, whole sequences returned) computed for reading
 * with the same weights and functions as tfjs's own layer, but laid out for speed. tfjs runs each
 * direction's steps one by one, a dozen small tensor operations a step, each with its own overhead (and
 * tanh on the WebAssembly backend is slow). Here the input part of every gate, all steps and both
 * directions, is one matrix product up front; each step is one product of both directions' hidden states
 * with their recurrent weights (one block-diagonal matrix), and the gates are computed in plain
 * JavaScript. Returns null for any other layer or configuration; the caller then uses the layer itself.
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
  const [kernelForward, recurrentForward, biasForward, kernelBackward, recurrentBackward, biasBackward] = weights.map((w) => w.dataSync() as Float32Array);
  const width = weights[0].shape[0];
  const kernel = tf.tensor2d(interleaved([kernelForward, kernelBackward], width, u, false), [width, 8 * u]);
  const bias = tf.tensor1d(interleaved([biasForward, biasBackward], 1, u, false));
  const recurrent = tf.tensor2d(interleaved([recurrentForward, recurrentBackward], u, u, true), [2 * u, 8 * u]);
  const run = (frames: TF.Tensor3D) => {
    const [boxes, steps] = frames.shape;
    const projected = tf.tidy(() => tf.fused.matMul({ a: tf.reshape(frames, [boxes * steps, width]), b: kernel, bias }));
    const inputs = projected.dataSync() as Float32Array;
    projected.dispose();
    const h = new Float32Array(boxes * 2 * u);
    const c = new Float32Array(boxes * 2 * u);
    const out = new Float32Array(boxes * steps * 2 * u);
    for (let t = 0; t < steps; t++) {
      const fromHidden = t === 0 ? new Float32Array(boxes * 8 * u) : hiddenProduct(tf, h, boxes, u, recurrent);
      for (let b = 0; b < boxes; b++) {
        for (let d = 0; d < 2; d++) {
          // the forward direction reads step t, the backward one step steps − 1 − t
          const step = d === 0 ? t : steps - 1 - t;
          const input = (b * steps + step) * 8 * u + d * u;
          const hidden = b * 8 * u + d * u;
          const state = b * 2 * u + d * u;
          const output = (b * steps + step) * 2 * u + d * u;
          for (let j = 0; j < u; j++) {
            // gates i, f, g, o at 0, 2u, 4u, 6u
            const x = input + j;
            const y = hidden + j;
            const cell = gate(inputs[x + 2 * u] + fromHidden[y + 2 * u]) * c[state + j] + gate(inputs[x] + fromHidden[y]) * activation(inputs[x + 4 * u] + fromHidden[y + 4 * u]);
            c[state + j] = cell;
            out[output + j] = h[state + j] = gate(inputs[x + 6 * u] + fromHidden[y + 6 * u]) * activation(cell);
          }
        }
      }
    }
    return tf.tensor3d(out, [boxes, steps, 2 * u]);
  };
  return { run, dispose: () => tf.dispose([kernel, bias, recurrent]) };
}
