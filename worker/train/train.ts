/**
 * Trains a box recognizer on synthetic sheets written in the training hands only, with fixed
 * seeds, and writes the weights (committed, so the product needs no training): the convolutional
 * recognizer, which reads the header's numbers and result, to worker/model/recognizer; with
 * `--recurrent` the move-box recognizer (a bidirectional LSTM over the frames, its convolutions
 * started from `--from`) to worker/model/recognizer-moves. The sheets are drawn on every core first; then the first epoch learns each
 * character on the frame where the generator put it (aligned cross-entropy, which skips CTC's
 * long all-blank plateau) and the later epochs learn with CTC, which lets the model place
 * characters itself. Run: npm run train [-- --sheets 320 --epochs 5 --out dir --lr 0.001 --from dir]
 * The shipped move-box recognizer: npm run train -- --recurrent --from worker/model/recognizer
 * --sheets 320 --epochs 3 --aligned 0 --lr 0.0005 --seed 20261126 (README, "Score-sheet reader").
 *
 * With `--with-corrections` it fine-tunes the shipped move-box weights (or `--from`) on the move boxes this
 * installation's organisers confirmed or corrected in the review (table reviewed_box, read from the
 * configured database), mixed with a few synthetic sheets so that other hands are not forgotten.
 * One sheet in five of the reviewed boxes is held out: the weights are written only after an epoch
 * that reads more of them right than the weights before.
 *
 * With `--export dir` it trains nothing: it writes the training sheets' boxes (dir/train.gz, 5-bit ink),
 * the validation boxes (dir/validation.gz) and the log-probabilities of the starting recognizer (the move-box one, or `--from`) of the
 * first validation boxes (dir/reference.bin) for the GPU trainer, worker/train/gpu/train.py (README).
 * With `--reference dir --from weights` it writes the same readings of other weights (say, an epoch the GPU trainer
 * wrote, to continue from) on dir's validation boxes, to weights/reference.bin.
 */
import { fork } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import type * as TF from "@tensorflow/tfjs";
import { CLASSES, decodeClasses } from "../reader/alphabet";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { ctcLossAndGradient, greedyDecode } from "../reader/ctc";
import { FRAMES, SHIPPED_MODEL_DIR, SHIPPED_MOVES_MODEL_DIR, buildRecognizer, copyLeadingWeights, loadRecognizer, recognize, saveRecognizer } from "../model/recognizer";
import { frameLoss } from "../model/frameLoss";
import { tensorflow } from "../model/tf";
import { TRAINING_HANDS } from "../synth/fonts";
import type { WriterShares } from "../synth/sheet";
import { seededRandom } from "~/chess/random";
import { db } from "~/db/client.server";
import { alignedLossAndGradient, frameTargets } from "./aligned";
import { EXPORT_REFERENCE_BOXES, exportSamples, importSamples } from "./export";
import { correctionSamples, heldOutSheets, loadCorrections, readAsReviewed, type Correction } from "./corrections";
import type { Sample } from "./dataset";
import type { GenerateRequest } from "./generate";

const { values } = parseArgs({
  options: {
    sheets: { type: "string" },
    epochs: { type: "string" },
    /** epochs (from the first) learned with aligned cross-entropy instead of CTC */
    aligned: { type: "string" },
    batch: { type: "string", default: "32" },
    /** where the weights are written (the shipped recognizer of the kind trained by default) */
    out: { type: "string" },
    seed: { type: "string", default: "20261123" },
    lr: { type: "string" },
    /** continue from saved weights instead of starting afresh */
    from: { type: "string" },
    /** fine-tune on the boxes reviewed in this installation (see above) */
    "with-corrections": { type: "boolean", default: false },
    /** a bidirectional LSTM over the frames before the output layer (from `--from`'s other layers where given) */
    recurrent: { type: "boolean", default: false },
    /** write the samples for the GPU trainer to this folder instead of training */
    export: { type: "string" },
    /** write the reference readings of the weights in `--from` on this export's validation boxes instead of training */
    reference: { type: "string" },
    /** the share of training sheets (of fonts) whose writer mixes the letters of several fonts (synth/sheet.ts) */
    mixed: { type: "string", default: "0" },
    /** the share of training sheets (of fonts) whose writer draws the font's letters with a pen along their centre lines (synth/skeleton.ts) */
    pen: { type: "string", default: "0" },
    /** the share of training sheets whose writer keeps to long algebraic notation, Ng1-f3 (synth/sheet.ts) */
    long: { type: "string", default: "0" },
    /** the share of training sheets whose writer's digits are a real person's (MNIST's training digits: synth/digits.ts) */
    digits: { type: "string", default: "0" },
    /** the share of training sheets whose writer's piece letters are any five capitals instead of the language's (synth/sheet.ts) */
    letters: { type: "string", default: "0" },
    /** the share of training sheets whose writer marks a capture en passant, exd6 e.p. (synth/sheet.ts) */
    ep: { type: "string", default: "0" },
    /** the share of training sheets whose writer notes a draw offered once or twice, (=) (synth/sheet.ts) */
    draws: { type: "string", default: "0" },
    /** the share of training sheets whose writer marks every capture with a colon, e:d5 (synth/sheet.ts) */
    colons: { type: "string", default: "0" },
  },
});
const WITH_CORRECTIONS = values["with-corrections"]!;
/** The move boxes are read by the recurrent recognizer, which corrections fine-tune too. */
const OUT = values.out ?? (values.recurrent || WITH_CORRECTIONS ? SHIPPED_MOVES_MODEL_DIR : SHIPPED_MODEL_DIR);
/** Fine-tuning keeps to small steps on a few synthetic sheets; training from scratch needs many. */
const defaults = WITH_CORRECTIONS ? { sheets: 120, epochs: 3, aligned: 0, lr: 0.0003 } : { sheets: 320, epochs: 5, aligned: 1, lr: 0.001 };
const SHEETS = Number(values.sheets ?? defaults.sheets);
const EPOCHS = Number(values.epochs ?? defaults.epochs);
const ALIGNED_EPOCHS = Number(values.aligned ?? defaults.aligned);
const LEARNING_RATE = Number(values.lr ?? defaults.lr);
/** Each reviewed box is seen this often per epoch: they are few beside the synthetic ones, and what matters. */
const CORRECTION_REPEATS = 3;
const BATCH = Number(values.batch);
const SEED = Number(values.seed);
const PIXELS = CROP_HEIGHT * CROP_WIDTH;
const VALIDATION_SHEETS = 20;
/** A share from 0 to 1 given as `--name`. */
function shareOption(name: "mixed" | "pen" | "long" | "digits" | "letters" | "ep" | "draws" | "colons"): number {
  const value = Number(values[name]);
  if (!(value >= 0 && value <= 1)) throw new Error(`--${name}: a share from 0 to 1, not ${values[name]}`);
  return value;
}
const WRITERS: WriterShares = { mixedHands: shareOption("mixed"), penDrawn: shareOption("pen"), longNotation: shareOption("long"), realDigits: { share: shareOption("digits"), set: "training" }, anyLetters: shareOption("letters"), enPassantMarks: shareOption("ep"), drawOffers: shareOption("draws"), captureColons: shareOption("colons") };

/** Samples of sheets first … first + count − 1 (`writers`: the shares of unusual writers), drawn in child processes, in seed order. */
async function collect(first: number, count: number, writers: WriterShares = {}): Promise<Sample[]> {
  const processes = Math.max(1, Math.min(availableParallelism(), count));
  const share = Math.ceil(count / processes);
  const parts = Array.from({ length: processes }, (_, p) => {
    const request: GenerateRequest = { first: first + p * share, count: Math.max(0, Math.min(share, count - p * share)), fonts: [...TRAINING_HANDS], writers };
    return new Promise<Sample[]>((resolve, reject) => {
      const child = fork(new URL("./generate.ts", import.meta.url), { serialization: "advanced" });
      child.once("message", (samples) => resolve(samples as Sample[]));
      child.once("error", reject);
      child.once("exit", (code) => code !== 0 && reject(new Error(`sheet generator exited with ${code}`)));
      child.send(request);
    });
  });
  return (await Promise.all(parts)).flat();
}

/** The batch loss: aligned cross-entropy for samples with known character places while `aligned`, CTC otherwise. */
const batchLoss = (tf: typeof TF, chosen: Sample[], aligned: boolean) =>
  frameLoss(tf, (logProbs, i, gradient) => {
    const sample = chosen[i];
    return aligned && sample.frames
      ? alignedLossAndGradient(logProbs, FRAMES, CLASSES, frameTargets(sample.label, sample.frames, FRAMES), gradient)
      : ctcLossAndGradient(logProbs, FRAMES, CLASSES, sample.label, gradient);
  });

function accuracy(samples: Sample[], logProbs: Float32Array[]): number {
  let right = 0;
  samples.forEach((sample, i) => {
    if (decodeClasses(greedyDecode(logProbs[i], FRAMES, CLASSES)) === decodeClasses(sample.label)) right++;
  });
  return right / samples.length;
}

const toFloat = (pixels: Uint8Array) => Float32Array.from(pixels, (v) => v / 255);

/** The reviewed boxes of this installation: training samples (labelled by `model`) and the held-out sheets' boxes. */
async function reviewedBoxes(model: TF.LayersModel): Promise<{ samples: Sample[]; heldOut: Correction[] }> {
  const corrections = await loadCorrections(db());
  const heldOut = heldOutSheets(corrections);
  const held = corrections.filter((correction) => heldOut.has(correction.sheetId));
  const rest = corrections.filter((correction) => !heldOut.has(correction.sheetId));
  console.log(`${corrections.length} reviewed boxes (${corrections.filter((c) => c.corrected).length} corrected) on ${new Set(corrections.map((c) => c.sheetId)).size} sheets: ${rest.length} for training, ${held.length} held out`);
  if (rest.length === 0 || held.length === 0) {
    console.error("Too few reviewed boxes to fine-tune and measure (at least two reviewed sheets are needed): review more games first.");
    process.exit(1);
  }
  return { samples: correctionSamples(rest, await recognize(model, rest.map((c) => toFloat(c.pixels)))), heldOut: held };
}

const heldOutScore = async (model: TF.LayersModel, held: Correction[]) => readAsReviewed(held, await recognize(model, held.map((c) => toFloat(c.pixels))));

/** The recognizer with a recurrent layer, its convolutions taken from the weights in `from` where given. */
async function recurrentRecognizer(from: string | undefined): Promise<TF.LayersModel> {
  const model = await buildRecognizer(SEED, true);
  if (from) console.log(`${copyLeadingWeights(await loadRecognizer(from), model)} layers copied from ${from}`);
  return model;
}

/** The log-probabilities of `model` on the first validation boxes, which the GPU trainer's twin of it must reproduce. */
async function writeReference(file: string, model: TF.LayersModel, validation: readonly Pick<Sample, "pixels">[]) {
  const reference = await recognize(model, validation.slice(0, EXPORT_REFERENCE_BOXES).map((s) => toFloat(s.pixels)));
  await writeFile(file, Buffer.concat(reference.map((r) => Buffer.from(r.buffer, r.byteOffset, r.byteLength))));
}

/** The samples and the starting recognizer's reference readings, for worker/train/gpu/train.py. */
async function exportForGpu(directory: string, model: TF.LayersModel, train: Sample[], validation: Sample[]) {
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, "train.gz"), exportSamples(train, 5));
  await writeFile(path.join(directory, "validation.gz"), exportSamples(validation));
  await writeReference(path.join(directory, "reference.bin"), model, validation);
  console.log(`${train.length} training and ${validation.length} validation boxes written to ${directory}`);
  if (WITH_CORRECTIONS) await db().$disconnect();
}

async function main() {
  const tf = await tensorflow();
  if (values.reference) {
    if (!values.from) throw new Error("--reference needs --from: the weights whose readings to write");
    await writeReference(path.join(values.from, "reference.bin"), await loadRecognizer(values.from), importSamples(await readFile(path.join(values.reference, "validation.gz"))));
    return console.log(`reference readings of ${values.from} written to ${path.join(values.from, "reference.bin")}`);
  }
  const from = values.from ?? (WITH_CORRECTIONS || values.export ? SHIPPED_MOVES_MODEL_DIR : undefined);
  const model = values.recurrent ? await recurrentRecognizer(from) : from ? await loadRecognizer(from) : await buildRecognizer(SEED);
  const reviewed = WITH_CORRECTIONS ? await reviewedBoxes(model) : null;
  let best = 0;
  if (reviewed) {
    best = await heldOutScore(model, reviewed.heldOut);
    console.log(`held-out reviewed boxes read right before: ${(100 * best).toFixed(1)}%`);
  }
  let started = Date.now();
  // Sheet i is drawn from seed SEED + i alone: runs whose seeds are closer than --sheets (with the same hands) share sheets.
  console.log(`generating ${SHEETS} training sheets (seeds ${SEED}–${SEED + SHEETS - 1}) and ${VALIDATION_SHEETS} validation sheets (training hands: ${TRAINING_HANDS.length} fonts and pen-drawn writers; ${WRITERS.mixedHands} of the training sheets in fonts by writers mixing several, ${WRITERS.penDrawn} by writers drawing them with a pen, ${WRITERS.longNotation} in long algebraic, ${WRITERS.realDigits?.share} with real people's digits, ${WRITERS.anyLetters} with any five capitals for piece letters, ${WRITERS.enPassantMarks} marking captures en passant, ${WRITERS.drawOffers} noting draws offered, ${WRITERS.captureColons} marking captures with a colon)`);
  const train = await collect(SEED, SHEETS, WRITERS);
  const validation = await collect(SEED + 1_000_000, VALIDATION_SHEETS);
  console.log(`${train.length} training boxes, ${validation.length} validation boxes, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (let i = 0; reviewed && i < CORRECTION_REPEATS; i++) train.push(...reviewed.samples);
  if (values.export) return exportForGpu(values.export, model, train, validation);
  const optimizer = tf.train.adam(LEARNING_RATE);
  const random = seededRandom(SEED);
  const order = train.map((_, i) => i);
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const aligned = epoch <= ALIGNED_EPOCHS;
    // a smaller step size for the last epoch (Adam reads its learning rate on every step)
    if (epoch === EPOCHS && EPOCHS > 1) (optimizer as unknown as { learningRate: number }).learningRate = LEARNING_RATE / 5;
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    started = Date.now();
    let lossSum = 0;
    let batches = 0;
    for (let start = 0; start + BATCH <= order.length; start += BATCH) {
      const chosen = order.slice(start, start + BATCH).map((i) => train[i]);
      const input = new Float32Array(BATCH * PIXELS);
      chosen.forEach((sample, i) => {
        // a pixel or two of horizontal shift so that position in the box does not matter
        const shift = Math.floor(random() * 5) - 2;
        for (let y = 0; y < CROP_HEIGHT; y++)
          for (let x = 0; x < CROP_WIDTH; x++) {
            const from = x - shift;
            if (from >= 0 && from < CROP_WIDTH) input[i * PIXELS + y * CROP_WIDTH + x] = sample.pixels[y * CROP_WIDTH + from] / 255;
          }
      });
      const lossFn = batchLoss(tf, chosen, aligned);
      const loss = optimizer.minimize(() => {
        const x = tf.tensor4d(input, [BATCH, CROP_HEIGHT, CROP_WIDTH, 1]);
        return lossFn(model.apply(x, { training: true }) as TF.Tensor);
      }, true);
      lossSum += loss!.dataSync()[0];
      loss!.dispose();
      batches++;
      if (batches % 200 === 0) {
        const rate = (batches * BATCH) / ((Date.now() - started) / 1000);
        console.log(`  epoch ${epoch} batch ${batches}: loss ${(lossSum / batches).toFixed(3)}, ${rate.toFixed(0)} boxes/s`);
      }
    }
    const logProbs = await recognize(model, validation.map((s) => toFloat(s.pixels)));
    const kind = aligned ? "aligned" : "CTC";
    console.log(`epoch ${epoch} (${kind}): loss ${(lossSum / batches).toFixed(3)}, validation boxes read exactly ${(100 * accuracy(validation, logProbs)).toFixed(1)}%, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (reviewed) {
      const score = await heldOutScore(model, reviewed.heldOut);
      const better = score > best;
      console.log(`  held-out reviewed boxes read right: ${(100 * score).toFixed(1)}%${better ? `, weights written to ${OUT}` : ", not better: not written"}`);
      if (!better) continue;
      best = score;
    }
    await saveRecognizer(model, OUT);
  }
  if (reviewed) await db().$disconnect();
  else console.log(`weights written to ${OUT}`);
}

await main();
