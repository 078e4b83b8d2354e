import { describe, expect, it } from "vitest";
import { CLASSES, encodeText } from "../reader/alphabet";
import { FRAMES } from "../model/recognizer";
import { correctionSamples, heldOutSheets, readAsReviewed, type Correction } from "./corrections";

/** Frames in which the recognizer is sure of `text`, one character every third frame, blank between. */
function framesReading(text: string): Float32Array {
  const logProbs = new Float32Array(FRAMES * CLASSES).fill(Math.log(0.001 / (CLASSES - 1)));
  const label = encodeText(text);
  for (let t = 0; t < FRAMES; t++) {
    const character = t % 3 === 1 ? label[(t - 1) / 3] : undefined;
    logProbs[t * CLASSES + (character ?? 0)] = Math.log(0.999);
  }
  return logProbs;
}

const box = (san: string, notation: Correction["notation"] = "EN"): Correction => ({ sheetId: 1, ply: 0, san, notation, corrected: false, pixels: new Uint8Array(0) });

describe("reviewed boxes as training data", () => {
  it("labels a box with the written form of its move that the recognizer sees in it", () => {
    const samples = correctionSamples([box("Nxe5"), box("Nxe5"), box("O-O"), box("Nf3", "DE")], [framesReading("N:e5"), framesReading("Nxe5"), framesReading("0-0"), framesReading("Sf3")]);
    expect(samples.map((sample) => sample.text)).toEqual(["N:e5", "Nxe5", "0-0", "Sf3"]);
    expect(samples[0].label).toEqual(encodeText("N:e5"));
    expect(samples.every((sample) => sample.frames === null)).toBe(true);
  });

  it("labels a box of a writer in long algebraic notation with its long form, given the square the move left", () => {
    const long = { ...box("Nf3", "DE"), from: "g1" };
    const samples = correctionSamples([long, { ...box("exd5"), from: "e4" }, box("Nf3", "DE")], [framesReading("Sg1-f3"), framesReading("e4:d5"), framesReading("Sg1-f3")]);
    // a box kept before the square was stored is labelled with its likeliest short form
    expect(samples.map((sample) => sample.text)).toEqual(["Sg1-f3", "e4:d5", "Sf3"]);
    expect(readAsReviewed([long], [framesReading("Sg1f3")])).toBe(1);
  });

  it("counts a box as read when the recognizer reads any written form of its move", () => {
    expect(readAsReviewed([box("Nxe5"), box("e4"), box("Qd1+")], [framesReading("N:e5"), framesReading("e5"), framesReading("Qd1")])).toBeCloseTo(2 / 3);
    expect(readAsReviewed([], [])).toBe(0);
  });

  it("holds out one sheet in five, in the order stored, the same ones as more are added", () => {
    const boxes = (sheets: number[]) => sheets.flatMap((sheetId) => [0, 1, 2].map((ply) => ({ ...box("e4"), sheetId, ply })));
    expect([...heldOutSheets(boxes([9, 3]))]).toEqual([9]);
    expect([...heldOutSheets(boxes([3, 9, 12, 15, 20, 21, 30]))]).toEqual([9, 30]);
    expect([...heldOutSheets(boxes([3, 9, 12, 15, 20, 21, 30, 31, 40, 41, 42, 43]))]).toEqual([9, 30, 43]);
    expect(heldOutSheets(boxes([5])).size).toBe(0);
  });
});
