import { encodeText } from "../reader/alphabet";
import { cropBox } from "../reader/crops";
import { locatePage } from "../reader/page";
import type { FontName } from "../synth/fonts";
import { syntheticSheet } from "../synth/sheet";

/** One training example: a box crop (ink 0–255) and the classes written in it. */
export type Sample = { pixels: Uint8Array; label: number[]; text: string };

/**
 * Samples cut by the reader's own layout and box steps out of photographed synthetic sheets, so
 * the recognizer learns from exactly what it will see: move boxes, some empty boxes, and the
 * round and board boxes.
 */
export async function sheetSamples(seed: number, fonts: readonly FontName[]): Promise<Sample[]> {
  const samples: Sample[] = [];
  const add = (pixels: Float32Array, text: string) =>
    samples.push({ pixels: Uint8Array.from(pixels, (v) => Math.round(v * 255)), label: encodeText(text), text });
  for (const page of await syntheticSheet({ seed, fonts })) {
    const located = await locatePage(page.jpeg);
    if (located.layout.status !== 2 || !("boxes" in located) || located.layout.page.code !== page.page.code) continue;
    const { boxes } = located;
    const written = new Map(page.written.map((w) => [`${w.move}${w.side}`, w.text]));
    let empty = 0;
    page.page.moveBoxes.forEach((box, i) => {
      const text = written.get(`${box.move}${box.side}`);
      if (text === undefined && empty++ > 3) return;
      add(cropBox(located.page, boxes.moveBoxes[i]).pixels, text ?? "");
    });
    if (boxes.header.round) add(cropBox(located.page, boxes.header.round).pixels, String(page.round));
    if (boxes.header.board) add(cropBox(located.page, boxes.header.board).pixels, String(page.board));
  }
  return samples;
}
