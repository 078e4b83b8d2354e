import { describe, expect, it } from "vitest";
import { CLASSES } from "../reader/alphabet";
import { CROP_HEIGHT, CROP_WIDTH, cropBox, isWritten, movedRows } from "../reader/crops";
import { locatePage } from "../reader/page";
import { heldOutSheet } from "../synth/heldout";
import { FRAMES, READING_SHIFTS, REREAD_BELOW, SHIPPED_MOVES_MODEL_DIR, bestFramesProbability, buildRecognizer, copyLeadingWeights, disposeRecognizer, loadRecognizer, mixedReadings, normalisedTo, recognize, recognizeBoxes, recognizeMoveBoxes } from "./recognizer";
import { tensorflow } from "./tf";

describe("the recognizer with a recurrent layer", () => {
  it("starts from the shipped convolutions and gives per-frame log-probabilities of every class", async () => {
    const shipped = await loadRecognizer();
    const recurrent = await buildRecognizer(7, true);
    expect(recurrent.layers.map((layer) => layer.getClassName())).toContain("Bidirectional");
    // every layer up to the recurrent one (convolutions, normalisation, pooling, the frame convolutions)
    const copied = copyLeadingWeights(shipped, recurrent);
    expect(copied).toBe(recurrent.layers.findIndex((layer) => layer.getClassName() === "Bidirectional"));
    const firstConvolution = (model: typeof shipped) => Array.from(model.layers.find((layer) => layer.getWeights().length > 0)!.getWeights()[0].dataSync());
    expect(firstConvolution(recurrent)).toEqual(firstConvolution(shipped));
    const [frames] = await recognize(recurrent, [new Float32Array(CROP_HEIGHT * CROP_WIDTH).fill(1)]);
    expect(frames).toHaveLength(FRAMES * CLASSES);
    const total = Array.from({ length: CLASSES }, (_, c) => Math.exp(frames[c])).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 4);
  });
});

describe("a move box read again", () => {
  it("averages the probabilities of the box as cut and moved a pixel up, and keeps the reading and features as cut", async () => {
    const model = await loadRecognizer(SHIPPED_MOVES_MODEL_DIR);
    // a vertical stroke and a bar: something the recognizer reads differently when moved
    const crop = Float32Array.from({ length: CROP_HEIGHT * CROP_WIDTH }, (_, i) => {
      const [row, column] = [Math.floor(i / CROP_WIDTH), i % CROP_WIDTH];
      return (column >= 10 && column < 14 && row > 4 && row < 28) || (row >= 14 && row < 17 && column > 30 && column < 80) ? 1 : 0;
    });
    const [box] = await recognizeMoveBoxes(model, [crop]);
    const [asCut] = await recognizeBoxes(model, [crop]);
    expect(bestFramesProbability(asCut.logProbs)).toBeLessThan(REREAD_BELOW);
    expect(READING_SHIFTS).toEqual([1]);
    const [up] = await recognize(model, [movedRows(crop, 1)]);
    expect(box.asCut).toEqual(asCut.logProbs);
    expect(box.features).toEqual(asCut.features);
    const expected = Array.from(box.logProbs, (_, i) => Math.log((Math.exp(asCut.logProbs[i]) + Math.exp(up[i])) / 2));
    expect(Math.max(...expected.map((value, i) => Math.abs(value - box.logProbs[i])))).toBeLessThan(1e-4);
    // the two readings differ, so the average is neither
    expect(Math.max(...box.logProbs.map((value, i) => Math.abs(value - asCut.logProbs[i])))).toBeGreaterThan(1e-3);
  });

  it("reads a box once where its reading as cut is sure, and the others twice", async () => {
    const model = await loadRecognizer(SHIPPED_MOVES_MODEL_DIR);
    // the written move boxes of a photographed sheet in a hand never trained on
    const [page] = (await heldOutSheet(2)).pages;
    const located = await locatePage(page.jpeg);
    if (!("boxes" in located)) throw new Error("layout not found");
    const crops = located.boxes.moveBoxes.map((box) => cropBox(located.page, box)).filter(isWritten).map((crop) => crop.pixels);
    const boxes = await recognizeMoveBoxes(model, crops);
    const sure = boxes.filter((box) => bestFramesProbability(box.asCut) >= REREAD_BELOW);
    expect(sure.length).toBeGreaterThan(0);
    expect(sure.length).toBeLessThan(boxes.length);
    for (const box of boxes) expect(box.logProbs === box.asCut).toBe(sure.includes(box));
    // every box read twice when asked to (a threshold above any probability)
    expect((await recognizeMoveBoxes(model, crops.slice(0, 4), 2)).filter((box) => box.logProbs === box.asCut)).toEqual([]);
  });
});

describe("the recognizer normalised to a page's writing", () => {
  it("normalises each batch normalisation's input over the page's boxes to mean 0 and variance 1, leaving the recognizer itself as it was", async () => {
    const tf = await tensorflow();
    const model = await loadRecognizer(SHIPPED_MOVES_MODEL_DIR);
    // a heavy felt pen's bars, of several lengths and heights: a hand far thicker than training's
    const crops = Array.from({ length: 12 }, (_, k) =>
      Float32Array.from({ length: CROP_HEIGHT * CROP_WIDTH }, (_, i) => {
        const [row, column] = [Math.floor(i / CROP_WIDTH), i % CROP_WIDTH];
        return (row > 6 + (k % 4) && row < 20 + (k % 5) && column > 8 && column < 40 + 8 * k) || (column >= 90 && column < 99 && row > 3) ? 1 : 0;
      }),
    );
    const before = model.getWeights().map((weight) => Array.from(weight.dataSync()));
    const tensors = tf.memory().numTensors;
    const normalised = await normalisedTo(model, crops);
    const input = tf.tensor4d(crops.flatMap((crop) => Array.from(crop)), [crops.length, CROP_HEIGHT, CROP_WIDTH, 1]);
    const normalisations = normalised.layers.filter((layer) => layer.getClassName() === "BatchNormalization");
    expect(normalisations).toHaveLength(2);
    for (const layer of normalisations) {
      // what the layer makes of the page's boxes, its scale and shift taken out again: per channel mean 0, variance 1
      const [gamma, beta] = layer.getWeights();
      const [mean, variance] = tf.tidy(() => {
        const output = tf.model({ inputs: normalised.inputs, outputs: layer.output as (typeof normalised.outputs)[0] }).predict(input) as ReturnType<typeof tf.tensor4d>;
        const moments = tf.moments(tf.div(tf.sub(output, beta), gamma), [0, 1, 2]);
        return [moments.mean.dataSync(), moments.variance.dataSync()];
      });
      expect(Math.max(...Array.from(mean, Math.abs))).toBeLessThan(1e-3);
      // the variance a little under 1: the layer's ε (0.001) is added to each channel's own
      for (const value of variance) expect(value).toBeGreaterThan(0.9);
      for (const value of variance) expect(value).toBeLessThan(1.001);
    }
    // the page's boxes read otherwise than by the recognizer itself, which is unchanged
    const [own] = await recognizeBoxes(model, crops.slice(0, 1));
    const [again] = await recognizeBoxes(normalised, crops.slice(0, 1));
    expect(Math.max(...own.logProbs.map((value, i) => Math.abs(value - again.logProbs[i])))).toBeGreaterThan(0.01);
    expect(model.getWeights().map((weight) => Array.from(weight.dataSync()))).toEqual(before);
    input.dispose();
    await disposeRecognizer(normalised);
    // the copy's weights and the trunk it was read with freed
    expect(tf.memory().numTensors).toBe(tensors);
  });
});

describe("how sure a reading is", () => {
  it("is the product over frames of each frame's likeliest class", () => {
    const frames = new Float32Array(FRAMES * CLASSES).fill(Math.log(0.1 / (CLASSES - 1)));
    for (let t = 0; t < FRAMES; t++) frames[t * CLASSES + (t % CLASSES)] = Math.log(t < 2 ? 0.5 : 0.9);
    expect(bestFramesProbability(frames)).toBeCloseTo(0.25 * 0.9 ** (FRAMES - 2), 6);
  });
});

describe("readings mixed", () => {
  it("gives the log of the weighted mean of their probabilities, also where the probabilities underflow", () => {
    const [a, b] = [Float32Array.of(Math.log(0.2), Math.log(0.5), -800, -Infinity), Float32Array.of(Math.log(0.6), Math.log(0.5), -801, -Infinity)];
    const mixed = mixedReadings([a, b], [0.25, 0.75]);
    expect(mixed[0]).toBeCloseTo(Math.log(0.25 * 0.2 + 0.75 * 0.6), 6);
    expect(mixed[1]).toBeCloseTo(Math.log(0.5), 6);
    // e^−800 is 0 in doubles: taken from the larger term, −800 + log(0.25 + 0.75/e)
    expect(mixed[2]).toBeCloseTo(-800 + Math.log(0.25 + 0.75 * Math.exp(-1)), 3);
    expect(mixed[3]).toBe(-Infinity);
  });

  it("mixes two readings to the same float as the general mix of more (a third of weight 0 adds nothing)", () => {
    let seed = 7;
    const value = () => {
      seed = (seed * 16807) % 2147483647;
      const r = seed / 2147483647;
      return r < 0.1 ? -Infinity : r < 0.15 ? -700 - r : Math.log(r) * 20;
    };
    const [a, b] = [Float32Array.from({ length: 4000 }, value), Float32Array.from({ length: 4000 }, value)];
    const nothing = new Float32Array(4000).fill(-Infinity);
    for (const weights of [[0.5, 0.5], [0.3, 0.7], [0.9, 0.1]]) {
      expect(mixedReadings([a, b], weights)).toEqual(mixedReadings([a, b, nothing], [...weights, 0]));
      expect(mixedReadings([b, a], weights)).toEqual(mixedReadings([b, a, nothing], [...weights, 0]));
    }
  });
});

describe("a crop's writing moved", () => {
  it("moves every row up or down, paper filling the rows left", () => {
    const crop = Float32Array.from({ length: CROP_HEIGHT * CROP_WIDTH }, (_, i) => Math.floor(i / CROP_WIDTH) + 1);
    const up = movedRows(crop, 1);
    const down = movedRows(crop, -2);
    const row = (pixels: Float32Array, r: number) => [...new Set(pixels.subarray(r * CROP_WIDTH, (r + 1) * CROP_WIDTH))];
    expect([row(up, 0), row(up, 30), row(up, 31)]).toEqual([[2], [32], [0]]);
    expect([row(down, 0), row(down, 1), row(down, 2), row(down, 31)]).toEqual([[0], [0], [1], [30]]);
  });
});
