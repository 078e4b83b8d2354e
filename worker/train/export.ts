import { gunzipSync, gzipSync } from "node:zlib";
import { CROP_HEIGHT, CROP_WIDTH } from "../reader/crops";
import type { Sample } from "./dataset";

/** Characters a box label holds at most in an exported file (moves are at most 7, e.g. `exd8=Q+`). */
export const EXPORTED_LABEL = 16;
const MAGIC = "KBXS";
/** Validation boxes whose log-probabilities under the starting weights the GPU trainer must reproduce. */
export const EXPORT_REFERENCE_BOXES = 64;

/**
 * Samples as a gzip'd file for the GPU trainer (worker/train/gpu): a header ("KBXS", pixel bits), then per
 * box one byte of label length, EXPORTED_LABEL bytes of classes and CROP_HEIGHT × CROP_WIDTH bytes of ink,
 * each keeping its top `bits` bits (at 5 bits, 600 sheets made 42 MB: small enough to carry to a GPU machine).
 */
export function exportSamples(samples: readonly Sample[], bits = 8): Buffer {
  if (!Number.isInteger(bits) || bits < 1 || bits > 8) throw new Error(`pixel bits ${bits}: 1 to 8`);
  const pixels = CROP_HEIGHT * CROP_WIDTH;
  const record = 1 + EXPORTED_LABEL + pixels;
  const out = Buffer.alloc(MAGIC.length + 1 + samples.length * record);
  out.write(MAGIC, 0, "latin1");
  out[MAGIC.length] = bits;
  samples.forEach((sample, i) => {
    if (sample.label.length > EXPORTED_LABEL) throw new Error(`label "${sample.text}" longer than ${EXPORTED_LABEL}`);
    const at = MAGIC.length + 1 + i * record;
    out[at] = sample.label.length;
    out.set(sample.label, at + 1);
    for (let p = 0; p < pixels; p++) out[at + 1 + EXPORTED_LABEL + p] = sample.pixels[p] >> (8 - bits);
  });
  return gzipSync(out, { level: 9 });
}

/** The boxes of an exported file (exportSamples): each box's label and its ink, back on the 0–255 scale. */
export function importSamples(file: Buffer): Pick<Sample, "label" | "pixels">[] {
  const data = gunzipSync(file);
  const pixels = CROP_HEIGHT * CROP_WIDTH;
  const record = 1 + EXPORTED_LABEL + pixels;
  const bits = data[MAGIC.length];
  if (data.subarray(0, MAGIC.length).toString("latin1") !== MAGIC || !(bits >= 1 && bits <= 8) || (data.length - MAGIC.length - 1) % record !== 0) {
    throw new Error("not a file of exported boxes");
  }
  const top = (1 << bits) - 1;
  return Array.from({ length: (data.length - MAGIC.length - 1) / record }, (_, i) => {
    const at = MAGIC.length + 1 + i * record;
    const stored = data.subarray(at + 1 + EXPORTED_LABEL, at + record);
    return { label: [...data.subarray(at + 1, at + 1 + data[at])], pixels: Uint8Array.from(stored, (v) => Math.round((v * 255) / top)) };
  });
}
