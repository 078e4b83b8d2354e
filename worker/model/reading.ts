import type * as TF from "@tensorflow/tfjs";
import { fusedBidirectionalLstm } from "./recurrent";

/** What a recognizer's output layer reads, for a batch of crops; `dispose` frees the trunk's weights. */
export type Trunk = { read: (crops: TF.Tensor4D) => TF.Tensor; dispose: () => void };

/**
 * A convolution without bias followed by batch normalisation and a ReLU, as one convolution with a
 * bias and the ReLU fused: the normalisation's scale s = γ / √(σ² + ε) folded into the kernel (W·s)
 * and its shift into the bias (β − μ·s). The same values at reading time, in one operation instead of three.
 */
function foldable(layers: readonly TF.layers.Layer[]): boolean {
  const [convolution, normalisation, activation] = layers;
  if (convolution?.getClassName() !== "Conv2D" || normalisation?.getClassName() !== "BatchNormalization" || activation?.getClassName() !== "ReLU") return false;
  const conv = convolution.getConfig() as { useBias: boolean; activation: string };
  const norm = normalisation.getConfig() as { center: boolean; scale: boolean; axis: number };
  return !conv.useBias && conv.activation === "linear" && norm.center && norm.scale && (norm.axis === -1 || norm.axis === 3);
}

function folded(tf: typeof TF, [convolution, normalisation]: readonly TF.layers.Layer[], input: TF.SymbolicTensor): TF.SymbolicTensor {
  const [kernel] = convolution.getWeights();
  const [gamma, beta, mean, variance] = normalisation.getWeights();
  const { epsilon } = normalisation.getConfig() as { epsilon: number };
  const config = convolution.getConfig() as unknown as Parameters<typeof tf.layers.conv2d>[0];
  const layer = tf.layers.conv2d({ ...config, name: `${convolution.name}_folded`, useBias: true, activation: "relu" });
  const output = layer.apply(input) as TF.SymbolicTensor;
  tf.tidy(() => {
    const scale = tf.div(gamma, tf.sqrt(tf.add(variance, epsilon)));
    layer.setWeights([tf.mul(kernel, scale), tf.sub(beta, tf.mul(mean, scale))]);
  });
  return output;
}

/**
 * A model's topology with every initializer zeros: the copy's weights are set from the model at once, and
 * drawing them first (an orthogonal LSTM initializer takes most of a second) would be wasted.
 */
function withoutInitializers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInitializers);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key.endsWith("_initializer") && inner !== null ? { class_name: "Zeros", config: {} } : withoutInitializers(inner)]),
  );
}

/** A copy of a model, its own weights the same values. */
export async function copyOf(tf: typeof TF, model: TF.LayersModel): Promise<TF.LayersModel> {
  const copy = await tf.models.modelFromJSON({ modelTopology: withoutInitializers(model.toJSON(null, false)) as TF.io.ModelJSON["modelTopology"] });
  copy.setWeights(model.getWeights());
  return copy;
}

/**
 * The recognizer without its output layer, laid out for reading: built on a copy of the model (the
 * model itself stays as it is, for training), every convolution + batch normalisation + ReLU folded
 * into one convolution, and a bidirectional LSTM before the output layer computed by
 * `fusedBidirectionalLstm`. The same values as the model's own layers (within float rounding).
 */
export async function readingTrunk(tf: typeof TF, model: TF.LayersModel): Promise<Trunk> {
  const copy = await copyOf(tf, model);
  const last = copy.layers.length - 2;
  const recurrent = fusedBidirectionalLstm(tf, copy.layers[last]);
  const layers = copy.layers.slice(0, recurrent ? last : last + 1).filter((layer) => layer.getClassName() !== "InputLayer");
  const input = tf.input({ shape: copy.inputs[0].shape.slice(1) as number[] });
  let x: TF.SymbolicTensor = input;
  for (let i = 0; i < layers.length; i++) {
    if (foldable(layers.slice(i, i + 3))) {
      x = folded(tf, layers.slice(i, i + 2), x);
      i += 2;
    } else x = layers[i].apply(x) as TF.SymbolicTensor;
  }
  const trunk = tf.model({ inputs: input, outputs: x });
  return {
    read: (crops) => (recurrent ? recurrent.run(trunk.predict(crops) as TF.Tensor3D) : (trunk.predict(crops) as TF.Tensor)),
    dispose: () => {
      copy.dispose();
      trunk.dispose();
      recurrent?.dispose();
    },
  };
}
