/**
 * A child process of `npm run train`: makes the samples of a range of synthetic sheets and sends
 * them back, so that sheets are drawn on every core while the result stays the same as drawing
 * them one after another.
 */
import type { HandName } from "../synth/fonts";
import type { WriterShares } from "../synth/sheet";
import { sheetSamples, type Sample } from "./dataset";

/** `writers`: the shares of sheets whose writer mixes several fonts or writes long algebraic (SheetOptions). */
export type GenerateRequest = { first: number; count: number; fonts: HandName[]; writers: WriterShares };

process.once("message", async (request: GenerateRequest) => {
  const samples: Sample[] = [];
  for (let i = 0; i < request.count; i++) samples.push(...(await sheetSamples(request.first + i, request.fonts, request.writers)));
  process.send!(samples, () => process.exit(0));
});
