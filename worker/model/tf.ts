import * as tf from "@tensorflow/tfjs";
import "@tensorflow/tfjs-backend-wasm";

/**
 * TensorFlow.js on its WebAssembly backend (the CPU-only default everywhere; tfjs-node is not needed).
 * The wasm backend lacks a filter gradient for 2-D convolutions and computes the input gradient
 * slowly, so both are registered here as ordinary forward convolutions (XNNPACK), for the
 * stride-1 'same' convolutions the recognizer uses; other shapes fall back to the backend's own.
 * The batch-normalisation gradient is registered again too: tfjs's own tiles the variance over the
 * whole input, which cost as much as all convolution gradients together; broadcasting does the same.
 */
type Info = tf.TensorInfo;
type KernelArgs = { inputs: Record<string, Info>; backend: tf.KernelBackend; attrs?: tf.NamedAttrMap };

let ready: Promise<void> | null = null;

function run(name: string, backend: tf.KernelBackend, inputs: Record<string, Info>, attrs: tf.NamedAttrMap): Info {
  const kernel = tf.getKernel(name, "wasm");
  if (!kernel) throw new Error(`wasm kernel ${name} missing`);
  return kernel.kernelFunc({ inputs, backend, attrs }) as Info;
}

const free = (backend: tf.KernelBackend, ...infos: Info[]) => infos.forEach((info) => backend.disposeData(info.dataId));

function isSimple(attrs: tf.NamedAttrMap, kernelHeight: number, kernelWidth: number): boolean {
  const strides = attrs.strides as number | number[];
  const stride1 = Array.isArray(strides) ? strides.every((s) => s === 1) : strides === 1;
  return stride1 && attrs.pad === "same" && kernelHeight % 2 === 1 && kernelWidth % 2 === 1 && (attrs.dataFormat ?? "NHWC") === "NHWC";
}

function registerConvolutionGradients() {
  const original = tf.getKernel("Conv2DBackpropInput", "wasm");
  tf.unregisterKernel("Conv2DBackpropInput", "wasm");
  tf.registerKernel({
    kernelName: "Conv2DBackpropInput",
    backendName: "wasm",
    kernelFunc: (args) => {
      const { inputs, backend, attrs = {} } = args as unknown as KernelArgs;
      const [kh, kw] = inputs.filter.shape;
      if (!isSimple(attrs, kh, kw)) return original!.kernelFunc(args);
      const reversed = run("Reverse", backend, { x: inputs.filter }, { dims: [0, 1] });
      const swapped = run("Transpose", backend, { x: reversed }, { perm: [0, 1, 3, 2] });
      const out = run("Conv2D", backend, { x: inputs.dy, filter: swapped }, { strides: 1, pad: "same", dataFormat: "NHWC", dilations: 1 });
      free(backend, reversed, swapped);
      return out;
    },
  });
  tf.registerKernel({
    kernelName: "Conv2DBackpropFilter",
    backendName: "wasm",
    kernelFunc: (args) => {
      const { inputs, backend, attrs = {} } = args as unknown as KernelArgs;
      const [kh, kw] = attrs.filterShape as number[];
      if (!isSimple(attrs, kh, kw)) throw new Error("Conv2DBackpropFilter: only stride-1 'same' convolutions with odd kernels");
      const ph = (kh - 1) / 2;
      const pw = (kw - 1) / 2;
      const padded = run("PadV2", backend, { x: inputs.x }, { paddings: [[0, 0], [ph, ph], [pw, pw], [0, 0]], constantValue: 0 });
      const channelsFirst = run("Transpose", backend, { x: padded }, { perm: [3, 1, 2, 0] });
      const dyAsFilter = run("Transpose", backend, { x: inputs.dy }, { perm: [1, 2, 0, 3] });
      const product = run("Conv2D", backend, { x: channelsFirst, filter: dyAsFilter }, { strides: 1, pad: "valid", dataFormat: "NHWC", dilations: 1 });
      const out = run("Transpose", backend, { x: product }, { perm: [1, 2, 0, 3] });
      free(backend, padded, channelsFirst, dyAsFilter, product);
      return out;
    },
  });
}

/**
 * The wasm backend multiplies transposed matrices (transposeA or transposeB) by a slow loop, ten
 * times slower than XNNPACK's product of plain ones, and every matrix product's gradient asks for
 * one: such products are computed as a transposition and a plain product.
 */
function registerMatMulTransposes() {
  for (const name of ["BatchMatMul", "_FusedMatMul"]) {
    const original = tf.getKernel(name, "wasm");
    if (!original) throw new Error(`wasm kernel ${name} missing`);
    tf.unregisterKernel(name, "wasm");
    tf.registerKernel({
      ...original,
      kernelFunc: (args) => {
        const { inputs, backend, attrs = {} } = args as unknown as KernelArgs;
        if (!attrs.transposeA && !attrs.transposeB) return original.kernelFunc(args);
        const transposed = (x: Info) => {
          const perm = x.shape.map((_, i) => i);
          [perm[perm.length - 2], perm[perm.length - 1]] = [perm[perm.length - 1], perm[perm.length - 2]];
          return run("Transpose", backend, { x }, { perm });
        };
        const a = attrs.transposeA ? transposed(inputs.a) : inputs.a;
        const b = attrs.transposeB ? transposed(inputs.b) : inputs.b;
        const out = original.kernelFunc({ ...args, inputs: { ...inputs, a, b }, attrs: { ...attrs, transposeA: false, transposeB: false } } as typeof args) as Info;
        if (a !== inputs.a) free(backend, a);
        if (b !== inputs.b) free(backend, b);
        return out;
      },
    });
  }
}

function registerBatchNormGradient() {
  tf.registerGradient({
    kernelName: "FusedBatchNorm",
    inputsToSave: ["x", "mean", "variance", "scale"],
    gradFunc: (dy, saved, attrs) => {
      const [x, mean, variance, scale] = saved as tf.Tensor[];
      const dyScaled = scale ? tf.mul(dy as tf.Tensor, scale) : (dy as tf.Tensor);
      const inverse = tf.rsqrt(tf.add(variance, (attrs as { varianceEpsilon: number }).varianceEpsilon));
      const centred = tf.sub(x, mean);
      const axes = mean.rank === 1 ? x.shape.slice(0, -1).map((_, i) => i) : [];
      const reduce = (t: tf.Tensor) => tf.reshape(axes.length ? tf.sum(t, axes) : t, mean.shape);
      return {
        x: () => tf.mul(dyScaled, inverse),
        mean: () => reduce(tf.neg(tf.mul(dyScaled, inverse))),
        variance: () => reduce(tf.mul(tf.mul(centred, dyScaled), tf.mul(tf.pow(inverse, 3), -0.5))),
        scale: () => reduce(tf.mul(dy as tf.Tensor, tf.mul(centred, inverse))),
        offset: () => reduce(dy as tf.Tensor),
      };
    },
  });
}

/** Starts the wasm backend once; every reader and training entry point awaits this. */
export function tensorflow(): Promise<typeof tf> {
  ready ??= (async () => {
    registerConvolutionGradients();
    registerMatMulTransposes();
    registerBatchNormGradient();
    await tf.setBackend("wasm");
    await tf.ready();
  })();
  return ready.then(() => tf);
}
