import { describe, expect, it } from "vitest";
import { FRAMES } from "../model/recognizer";
import { CLASSES } from "./alphabet";
import { storedMoves, storedReading } from "./stored";

describe("a page's reading as stored", () => {
  it("keeps the frames (averaged and as cut) exactly and the recognizer's features to within one 255th of their range, in a quarter of their size", () => {
    const logProbs = Float32Array.from({ length: FRAMES * CLASSES }, (_, i) => -((i * 7919) % 1000) / 97);
    const asCut = Float32Array.from({ length: FRAMES * CLASSES }, (_, i) => -((i * 104723) % 1000) / 89);
    const features = Float32Array.from({ length: FRAMES * 160 }, (_, i) => ((i * 104729) % 977) / 61 - 2);
    const stored = JSON.parse(JSON.stringify(storedReading({ moves: [{ ply: 3, text: "Nf3", logProbs, asCut, features }] })));
    const [move] = storedMoves(stored).moves;
    expect(move.ply).toBe(3);
    expect(move.logProbs).toEqual(logProbs);
    expect(move.asCut).toEqual(asCut);
    const step = (Math.max(...features) - Math.min(...features)) / 255;
    expect(Math.max(...features.map((value, i) => Math.abs(value - move.features![i])))).toBeLessThanOrEqual(step / 2 + 1e-6);
    expect(Buffer.from(stored.moves[0].features, "base64").byteLength).toBe(features.length);
  });

  it("keeps a hard page's boxes as the recognizer normalised to the page read them, beside the others; none where the page had none", () => {
    const logProbs = new Float32Array(FRAMES * CLASSES).fill(-1);
    const normalised = new Float32Array(FRAMES * CLASSES).fill(-2);
    const features = new Float32Array(FRAMES * 160).fill(0.5);
    const stored = JSON.parse(JSON.stringify(storedReading({ moves: [{ ply: 0, text: "e4", logProbs, features }], normalised: [{ ply: 0, text: "e4", logProbs: normalised, asCut: normalised, features }] })));
    const page = storedMoves(stored);
    expect(page.moves[0].logProbs).toEqual(logProbs);
    expect(page.normalised!.map((move) => [move.ply, move.logProbs, move.asCut])).toEqual([[0, normalised, normalised]]);
    expect(page.normalised![0].features).toEqual(features);
    expect(storedMoves(JSON.parse(JSON.stringify(storedReading({ moves: [{ ply: 0, text: "e4", logProbs }] })))).normalised).toBeUndefined();
  });

  it("reads readings stored before features and the frames as cut were kept: decoded without adapting to the writer, fits judged on the frames", () => {
    const logProbs = new Float32Array(FRAMES * CLASSES).fill(-1);
    const old = { moves: [{ ply: 0, text: "e4", frames: Buffer.from(logProbs.buffer).toString("base64") }] };
    const [move] = storedMoves(old).moves;
    expect(move.logProbs).toEqual(logProbs);
    expect([move.asCut, move.features]).toEqual([undefined, undefined]);
  });
});
