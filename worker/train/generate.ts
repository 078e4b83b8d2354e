/**
 * A child process of `npm run train`: makes the samples of a range of synthetic sheets and sends
 * them back, so that sheets are drawn on every core while the result stays the same as drawing
 * them one after another.
 */
import type { HandName } from "../synth/fonts";
import { sheetSamples, type Sample } from "./dataset";

/** `mixedHands`: the share of sheets in fonts whose writer mixes several (SheetOptions.mixedHands). */
export type GenerateRequest = { first: number; count: number; fonts: HandName[]; mixedHands: number };

process.once("message", async (request: GenerateRequest) => {
  const samples: Sample[] = [];
  for (let i = 0; i < request.count; i++) samples.push(...(await sheetSamples(request.first + i, request.fonts, request.mixedHands)));
  process.send!(samples, () => process.exit(0));
});
