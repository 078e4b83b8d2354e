import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type * as TF from "@tensorflow/tfjs";
import { CLASSES } from "../reader/alphabet";
import { CROP_HEIGHT, CROP_WIDTH, movedRows } from "../reader/crops";
import { copyOf, readingTrunk, type Trunk } from "./reading";
import { tensorflow } from "./tf";

/** Crop columns per recognizer frame. */
export const FRAME_WIDTH = 4;
/** Frames the recognizer emits per box. */
export const FRAMES = CROP_WIDTH / FRAME_WIDTH;

const here = path.dirname(new URL(import.meta.url).pathname);
/** Where the shipped weights of the header recognizer live (trained by `npm run train`). */
export const SHIPPED_MODEL_DIR = path.join(here, "recognizer");
/** Where the shipped weights of the move-box recognizer live (trained by `npm run train -- --recurrent`). */
export const SHIPPED_MOVES_MODEL_DIR = path.join(here, "recognizer-moves");

/**
 * A small convolutional recognizer for one box of handwriting: three convolution stages
 * (batch-normalised after the first) shrink the 32 × 160 crop to 4 × 40; each of the 40 columns,
 * all four rows of it kept (where a stroke sits in height tells 'g' from '9'), becomes one frame;
 * two 1-D convolutions give each frame its neighbours' context, and a dense layer per-frame class
 * logits for CTC. `recurrent` adds a bidirectional LSTM over the frames before the dense layer (the
 * published score-sheet readers' design), so that every frame sees the whole box.
 */
export async function buildRecognizer(seed: number, recurrent = false): Promise<TF.LayersModel> {
  const tf = await tensorflow();
  const init = (offset: number) => tf.initializers.heNormal({ seed: seed + offset });
  const model = tf.sequential();
  // convolution, batch normalisation (keeps CTC training off its all-blank plateau), ReLU
  const conv = (filters: number, offset: number) => {
    model.add(tf.layers.conv2d({ filters, kernelSize: 3, padding: "same", useBias: false, kernelInitializer: init(offset) }));
    model.add(tf.layers.batchNormalization());
    model.add(tf.layers.reLU());
  };
  model.add(tf.layers.inputLayer({ inputShape: [CROP_HEIGHT, CROP_WIDTH, 1] }));
  // the first, largest layer without normalisation: it costs the most and needs it the least
  model.add(tf.layers.conv2d({ filters: 16, kernelSize: 3, padding: "same", activation: "relu", kernelInitializer: init(1) }));
  model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  conv(32, 2);
  model.add(tf.layers.maxPooling2d({ poolSize: 2 }));
  conv(48, 3);
  model.add(tf.layers.maxPooling2d({ poolSize: [2, 1] }));
  const rows = CROP_HEIGHT / 8;
  model.add(tf.layers.permute({ dims: [2, 1, 3] }));
  model.add(tf.layers.reshape({ targetShape: [FRAMES, rows * 48] }));
  model.add(tf.layers.conv1d({ filters: 160, kernelSize: 3, padding: "same", activation: "relu", kernelInitializer: init(4) }));
  model.add(tf.layers.conv1d({ filters: 160, kernelSize: 3, padding: "same", activation: "relu", kernelInitializer: init(5) }));
  if (recurrent) model.add(tf.layers.bidirectional({ layer: tf.layers.lstm({ units: 96, returnSequences: true, kernelInitializer: tf.initializers.glorotUniform({ seed: seed + 7 }) }) as TF.RNN, mergeMode: "concat" }));
  model.add(tf.layers.dense({ units: CLASSES, kernelInitializer: tf.initializers.glorotUniform({ seed: seed + 6 }) }));
  return model;
}

/**
 * Copies the weights of `from` into `to` layer by layer from the input on, while the two have the same
 * layers (kind and weight shapes): a model with a new head starts from trained convolutions.
 * Returns how many layers were copied.
 */
export function copyLeadingWeights(from: TF.LayersModel, to: TF.LayersModel): number {
  let copied = 0;
  for (let i = 0; i < Math.min(from.layers.length, to.layers.length); i++) {
    const [source, target] = [from.layers[i], to.layers[i]];
    const [weights, targetWeights] = [source.getWeights(), target.getWeights()];
    const same =
      source.getClassName() === target.getClassName() &&
      weights.length === targetWeights.length &&
      weights.every((w, j) => w.shape.join() === targetWeights[j].shape.join());
    if (!same) break;
    target.setWeights(weights);
    copied++;
  }
  return copied;
}

export async function saveRecognizer(model: TF.LayersModel, directory: string): Promise<void> {
  const tf = await tensorflow();
  await mkdir(directory, { recursive: true });
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weights = Buffer.from(artifacts.weightData as ArrayBuffer);
      const manifest = { modelTopology: artifacts.modelTopology, weightSpecs: artifacts.weightSpecs, format: "kiebitz-recognizer", version: 1 };
      await writeFile(path.join(directory, "model.json"), JSON.stringify(manifest));
      await writeFile(path.join(directory, "weights.bin"), weights);
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: "JSON", weightDataBytes: weights.length } };
    }),
  );
}

const loaded = new Map<string, Promise<TF.LayersModel>>();

/** The recognizer stored in `directory` (the shipped one by default), loaded once per process. */
export function loadRecognizer(directory = SHIPPED_MODEL_DIR): Promise<TF.LayersModel> {
  let model = loaded.get(directory);
  if (!model) {
    model = (async () => {
      const tf = await tensorflow();
      const manifest = JSON.parse(await readFile(path.join(directory, "model.json"), "utf8"));
      const weights = await readFile(path.join(directory, "weights.bin"));
      const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
      return tf.loadLayersModel(tf.io.fromMemory({ modelTopology: manifest.modelTopology, weightSpecs: manifest.weightSpecs, weightData }));
    })();
    loaded.set(directory, model);
  }
  return model;
}

/**
 * The recognizers a page is read with: the convolutional one for the header's round, board and
 * result (short digit strings, which it reads better), the recurrent one for the move boxes.
 */
export type Recognizers = { header: TF.LayersModel; moves: TF.LayersModel };

/** The shipped recognizers, or those stored in the directories given. */
export async function loadRecognizers(movesDirectory = SHIPPED_MOVES_MODEL_DIR, headerDirectory = SHIPPED_MODEL_DIR): Promise<Recognizers> {
  const [header, moves] = await Promise.all([loadRecognizer(headerDirectory), loadRecognizer(movesDirectory)]);
  return { header, moves };
}

/**
 * What the recognizer makes of one box: per-frame log-probabilities (FRAMES × CLASSES) and the
 * features its output layer reads them from (FRAMES × the layer's width), which adapting the output
 * layer to a writer needs (adapt.ts).
 */
export type BoxFrames = { logProbs: Float32Array; features: Float32Array };

/** The output layer of a recognizer: per frame, logits = features · kernel + bias. */
export type Head = { kernel: Float32Array; bias: Float32Array; width: number };

export function recognizerHead(model: TF.LayersModel): Head {
  const [kernel, bias] = model.layers[model.layers.length - 1].getWeights();
  return { kernel: kernel.dataSync() as Float32Array, bias: bias.dataSync() as Float32Array, width: kernel.shape[0] };
}

/** The trunk each model is read with, and the weights (their data) it was built from. */
const trunks = new WeakMap<TF.LayersModel, { weights: readonly object[]; trunk: Promise<Trunk> }>();
/**
 * The recognizer without its output layer, laid out for reading (readingTrunk), built once per model
 * and again when the model's weights have changed since (training reads its model between epochs).
 */
function trunkOf(tf: typeof TF, model: TF.LayersModel): Promise<Trunk> {
  const weights = model.weights.map((weight) => weight.read().dataId);
  const cached = trunks.get(model);
  if (cached && cached.weights.length === weights.length && cached.weights.every((id, i) => id === weights[i])) return cached.trunk;
  void cached?.trunk.then((trunk) => trunk.dispose(), () => undefined);
  const trunk = readingTrunk(tf, model);
  trunks.set(model, { weights, trunk });
  return trunk;
}

/** The frames of each crop: log-probabilities and the output layer's features. */
export async function recognizeBoxes(model: TF.LayersModel, crops: readonly Float32Array[], batchSize = 64): Promise<BoxFrames[]> {
  const tf = await tensorflow();
  const trunk = await trunkOf(tf, model);
  const head = model.layers[model.layers.length - 1];
  const out: BoxFrames[] = [];
  for (let start = 0; start < crops.length; start += batchSize) {
    const batch = crops.slice(start, start + batchSize);
    const input = new Float32Array(batch.length * CROP_HEIGHT * CROP_WIDTH);
    batch.forEach((crop, i) => input.set(crop, i * CROP_HEIGHT * CROP_WIDTH));
    const [features, logProbs] = tf.tidy(() => {
      const features = trunk.read(tf.tensor4d(input, [batch.length, CROP_HEIGHT, CROP_WIDTH, 1]));
      return [features, tf.logSoftmax(head.apply(features) as TF.Tensor)];
    });
    const [featureData, logProbData] = (await Promise.all([features.data(), logProbs.data()])) as Float32Array[];
    tf.dispose([features, logProbs]);
    const width = featureData.length / batch.length;
    const size = FRAMES * CLASSES;
    for (let i = 0; i < batch.length; i++) {
      out.push({ logProbs: logProbData.slice(i * size, (i + 1) * size), features: featureData.slice(i * width, (i + 1) * width) });
    }
  }
  return out;
}

/**
 * Rows a move box's writing is moved up for its second reading. Moved a pixel down too, for a third, read as many
 * moves right on held-out sheets in a tenth of a second more a page (README, "Two readings of an unsure box").
 */
export const READING_SHIFTS = [1];

/**
 * Readings of the same box mixed: per value, log Σ_k weights[k]·exp(readings[k]) (the log of a weighted mean of
 * their probabilities), computed from the largest term so that nothing underflows.
 */
export function mixedReadings(readings: readonly Float32Array[], weights: readonly number[]): Float32Array {
  if (readings.length === 2) return twoReadingsMixed(readings[0], readings[1], Math.log(weights[0]), Math.log(weights[1]));
  const out = new Float32Array(readings[0].length);
  const logWeights = weights.map(Math.log);
  for (let i = 0; i < out.length; i++) {
    let top = -Infinity;
    let largest = -1;
    for (let k = 0; k < readings.length; k++) {
      const value = readings[k][i] + logWeights[k];
      if (value > top) {
        top = value;
        largest = k;
      }
    }
    if (largest < 0) {
      out[i] = -Infinity;
      continue;
    }
    let sum = 0;
    // the largest term is exp(0) = 1
    for (let k = 0; k < readings.length; k++) sum += k === largest ? 1 : Math.exp(readings[k][i] + logWeights[k] - top);
    out[i] = top + Math.log(sum);
  }
  return out;
}

/**
 * mixedReadings of two readings, the same arithmetic in the same order without its loops over the readings (most
 * mixes are of two: a box and its second reading, a box and its reading adapted to the writer).
 */
function twoReadingsMixed(one: Float32Array, other: Float32Array, oneLogWeight: number, otherLogWeight: number): Float32Array {
  const out = new Float32Array(one.length);
  for (let i = 0; i < out.length; i++) {
    const a = one[i] + oneLogWeight;
    const b = other[i] + otherLogWeight;
    // the larger term first, as mixedReadings finds it (the first of equals); none larger than -∞ (or NaN): -∞
    if (b > a || (!(a > -Infinity) && b > -Infinity)) out[i] = b + Math.log(Math.exp(a - b) + 1);
    else if (a > -Infinity) out[i] = a + Math.log(1 + Math.exp(b - a));
    else out[i] = -Infinity;
  }
  return out;
}

/** A move box's frames: `logProbs` of its readings averaged (its one, where read surely), `asCut` and `features` of the box as cut. */
export type MoveBoxFrames = BoxFrames & { asCut: Float32Array };

/**
 * A box whose reading as cut is at least this sure (bestFramesProbability) is not read again: the other readings
 * changed what it reads in none of such boxes, and left it out of their time (README, "Only unsure boxes
 * read three times"). Chosen on held-out sheets outside the benchmark: 0.8 read as many moves right with as few
 * flagged as reading every box three times; 0.5 and 0.2 read cursive worse.
 */
export const REREAD_BELOW = 0.8;

/**
 * Each move box read again with its writing moved (READING_SHIFTS: a pixel up), and the readings' frame
 * probabilities averaged: where one reading misses a stroke at the crop's edge, another may
 * see it (on held-out sheets, cursive decoded 54.5 → 61.3% right; README, "Each move box read three times"),
 * unless the reading as cut is sure (`rereadBelow`). The reading of the box as cut is kept for judging how well a
 * move fits it (the average fits any likely move better) and its features for adapting to the writer.
 */
export async function recognizeMoveBoxes(model: TF.LayersModel, crops: readonly Float32Array[], rereadBelow = REREAD_BELOW): Promise<MoveBoxFrames[]> {
  const asCut = await recognizeBoxes(model, crops);
  const unsure = crops.flatMap((_, i) => (bestFramesProbability(asCut[i].logProbs) < rereadBelow ? [i] : []));
  const moved = await recognizeBoxes(model, READING_SHIFTS.flatMap((rows) => unsure.map((i) => movedRows(crops[i], rows))));
  const again = new Map(unsure.map((box, j) => [box, READING_SHIFTS.map((_, k) => moved[k * unsure.length + j].logProbs)]));
  return asCut.map(({ logProbs, features }, i) => {
    const readings = [logProbs, ...(again.get(i) ?? [])];
    return { logProbs: readings.length === 1 ? logProbs : mixedReadings(readings, readings.map(() => 1 / readings.length)), asCut: logProbs, features };
  });
}

/**
 * A copy of the recognizer whose batch normalisations take their statistics from `crops`, one page's writing, instead
 * of from training (AdaBN, Li et al. 2016): each normalisation's mean and variance per channel over the page's boxes,
 * the earlier ones already so normalised. A hand unlike those trained on (pen width, size, slant) shifts what the
 * convolutions see as a whole; normalised to itself, it is read in the terms training used. The caller disposes it
 * (disposeRecognizer).
 */
export async function normalisedTo(model: TF.LayersModel, crops: readonly Float32Array[]): Promise<TF.LayersModel> {
  const tf = await tensorflow();
  const copy = await copyOf(tf, model);
  const input = new Float32Array(crops.length * CROP_HEIGHT * CROP_WIDTH);
  crops.forEach((crop, i) => input.set(crop, i * CROP_HEIGHT * CROP_WIDTH));
  const last = copy.layers.map((layer) => layer.getClassName()).lastIndexOf("BatchNormalization");
  let x: TF.Tensor = tf.tensor4d(input, [crops.length, CROP_HEIGHT, CROP_WIDTH, 1]);
  for (const layer of copy.layers.slice(0, last + 1)) {
    if (layer.getClassName() === "InputLayer") continue;
    if (layer.getClassName() === "BatchNormalization") {
      const [gamma, beta] = layer.getWeights();
      const { mean, variance } = tf.moments(x, [0, 1, 2]);
      layer.setWeights([gamma, beta, mean, variance]);
      tf.dispose([mean, variance]);
    }
    const next = tf.tidy(() => layer.apply(x) as TF.Tensor);
    x.dispose();
    x = next;
  }
  x.dispose();
  return copy;
}

/** Frees a recognizer's weights and the trunk it was read with (a copy made by normalisedTo). */
export async function disposeRecognizer(model: TF.LayersModel): Promise<void> {
  const cached = trunks.get(model);
  trunks.delete(model);
  if (cached) (await cached.trunk).dispose();
  model.dispose();
}

/** How sure a reading is: the probability of its likeliest frame-by-frame path (each frame's likeliest class). */
export function bestFramesProbability(logProbs: Float32Array): number {
  let sum = 0;
  for (let t = 0; t < FRAMES; t++) {
    let top = -Infinity;
    for (let c = 0; c < CLASSES; c++) top = Math.max(top, logProbs[t * CLASSES + c]);
    sum += top;
  }
  return Math.exp(sum);
}

/** Per-frame log-probabilities (FRAMES × CLASSES) for each crop. */
export async function recognize(model: TF.LayersModel, crops: readonly Float32Array[], batchSize = 64): Promise<Float32Array[]> {
  return (await recognizeBoxes(model, crops, batchSize)).map((box) => box.logProbs);
}
