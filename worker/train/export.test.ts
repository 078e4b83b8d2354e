import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { encodeText } from "../reader/alphabet";
import { EXPORTED_LABEL, exportSamples, importSamples } from "./export";
import type { Sample } from "./dataset";

const sample = (text: string, ink: number): Sample => ({ pixels: new Uint8Array(CROP_HEIGHT * CROP_WIDTH).fill(ink), label: encodeText(text), text, frames: null });

describe("samples exported for the GPU trainer", () => {
  it("writes a header, then each box's label and its ink reduced to the pixel bits asked for", () => {
    const file = gunzipSync(exportSamples([sample("Nf3", 255), sample("", 100)], 5));
    const record = 1 + EXPORTED_LABEL + CROP_HEIGHT * CROP_WIDTH;
    expect(file.subarray(0, 4).toString("latin1")).toBe("KBXS");
    expect(file[4]).toBe(5);
    expect(file.length).toBe(5 + 2 * record);
    expect([...file.subarray(5, 5 + 1 + 3)]).toEqual([3, ...encodeText("Nf3")]);
    expect(file[5 + 1 + EXPORTED_LABEL]).toBe(31);
    expect(file[5 + record]).toBe(0);
    expect(file[5 + record + 1 + EXPORTED_LABEL]).toBe(100 >> 3);
  });

  it("reads back what it wrote: labels, and ink exactly at 8 bits, to the nearest step at fewer", () => {
    const boxes = [sample("Nf3", 255), sample("exd8=Q+", 100), sample("", 0)];
    boxes[1].pixels[7] = 3;
    const exact = importSamples(exportSamples(boxes));
    expect(exact.map((box) => box.label)).toEqual(boxes.map((box) => box.label));
    exact.forEach((box, i) => expect(box.pixels).toEqual(boxes[i].pixels));
    const coarse = importSamples(exportSamples(boxes, 5));
    expect([coarse[0].pixels[0], coarse[1].pixels[0], coarse[1].pixels[7], coarse[2].pixels[0]]).toEqual([255, Math.round((12 * 255) / 31), 0, 0]);
    expect(() => importSamples(gzipSync(Buffer.from("KBXX\x08")))).toThrow(/not a file/);
  });

  it("refuses pixel bits outside 1–8 and labels longer than a record holds", () => {
    expect(() => exportSamples([], 9)).toThrow(/1 to 8/);
    expect(() => exportSamples([sample("Nf3Nf3Nf3Nf3Nf3Nf3", 0)])).toThrow(/longer/);
  });
});
