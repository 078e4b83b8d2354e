import type { Rect } from "~/sheets/templates";
import { encodeText } from "../reader/alphabet";
import { cropBox, type Crop } from "../reader/crops";
import { locatePage } from "../reader/page";
import { FRAMES, FRAME_WIDTH } from "../model/recognizer";
import type { HandName } from "../synth/fonts";
import { syntheticSheet, type WriterShares } from "../synth/sheet";

/**
 * One training example: a box crop (ink 0–255), the classes written in it and, when every
 * character's place is known, the recognizer frame each character's middle falls on.
 */
export type Sample = { pixels: Uint8Array; label: number[]; text: string; frames: number[] | null };

/**
 * The frame of each written character: its middle (mm on the form) mapped through the box the
 * reader found (page pixels) into the crop. Null when a character has no place (no glyph), falls
 * outside the crop or shares its frame with the character before.
 */
export function characterFrames(text: string, middles: readonly number[], form: Rect, found: Rect, crop: Crop): number[] | null {
  const frames: number[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    if (encodeText(chars[i]).length === 0) continue;
    const pagePx = found.x + ((middles[i] - form.x) * found.w) / form.w;
    const frame = Math.floor((((pagePx - crop.region.x) * crop.width) / crop.region.w) / FRAME_WIDTH);
    if (!Number.isFinite(frame) || frame < 0 || frame >= FRAMES || frame <= (frames.at(-1) ?? -1)) return null;
    frames.push(frame);
  }
  return frames;
}

/**
 * Samples cut by the reader's own layout and box steps out of photographed synthetic sheets, so
 * the recognizer learns from exactly what it will see: move boxes, some empty boxes, and the
 * round and board boxes.
 */
export async function sheetSamples(seed: number, fonts: readonly HandName[], writers: WriterShares = {}): Promise<Sample[]> {
  const samples: Sample[] = [];
  const add = (form: Rect, found: Rect, crop: Crop, text: string, middles: readonly number[]) =>
    samples.push({
      pixels: Uint8Array.from(crop.pixels, (v) => Math.round(v * 255)),
      label: encodeText(text),
      text,
      frames: characterFrames(text, middles, form, found, crop),
    });
  for (const page of await syntheticSheet({ seed, fonts, ...writers })) {
    const located = await locatePage(page.jpeg);
    if (located.layout.status !== 2 || !("boxes" in located) || located.layout.page.code !== page.page.code) continue;
    const { boxes } = located;
    const written = new Map(page.written.map((w) => [`${w.move}${w.side}`, w]));
    let empty = 0;
    page.page.moveBoxes.forEach((form, i) => {
      const box = written.get(`${form.move}${form.side}`);
      if (box === undefined && empty++ > 3) return;
      const found = boxes.moveBoxes[i];
      add(form, found, cropBox(located.page, found), box?.text ?? "", box?.middles ?? []);
    });
    const { round, board } = boxes.header;
    if (round) add(page.page.header.round, round, cropBox(located.page, round), String(page.round), page.headerMiddles.round);
    if (board) add(page.page.header.board, board, cropBox(located.page, board), String(page.board), page.headerMiddles.board);
  }
  return samples;
}
