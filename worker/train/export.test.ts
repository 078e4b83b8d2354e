import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import { encodeText } from "../reader/alphabet";
import { EXPORTED_LABEL, exportSamples } from "./export";
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

  it("refuses pixel bits outside 1–8 and labels longer than a record holds", () => {
    expect(() => exportSamples([], 9)).toThrow(/1 to 8/);
    expect(() => exportSamples([sample("Nf3Nf3Nf3Nf3Nf3Nf3", 0)])).toThrow(/longer/);
  });
});
