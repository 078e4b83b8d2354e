import { describe, expect, it } from "vitest";
import { CLASSES } from "../reader/alphabet";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { FRAMES, buildRecognizer, copyLeadingWeights, loadRecognizer, recognize } from "./recognizer";

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
