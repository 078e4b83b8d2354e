import { NOTATION_LANGUAGES } from "~/chess/languages";
import { HELD_OUT_FONTS } from "./fonts";
import { syntheticSheet, type SyntheticPage } from "./sheet";

/** Seeds of held-out sheets start here, far from the training seeds. */
const HELD_OUT_SEED = 900_000_000;

export type HeldOutSheet = { index: number; pages: SyntheticPage[]; otherPlayer: SyntheticPage[] | null };

/**
 * The held-out set: sheets in fonts never used in training, every notation language in turn,
 * every eighth on the two-page 120-move form, every fourth with the opponent's sheet of the same game.
 */
export async function heldOutSheet(index: number): Promise<HeldOutSheet> {
  const language = NOTATION_LANGUAGES[index % NOTATION_LANGUAGES.length];
  const layout = index % 8 === 7 ? "kiebitz-120" : "kiebitz-60";
  const pages = await syntheticSheet({ seed: HELD_OUT_SEED + index, fonts: HELD_OUT_FONTS, language, layout });
  const otherPlayer =
    index % 4 === 1 ? await syntheticSheet({ seed: HELD_OUT_SEED + 500_000 + index, fonts: HELD_OUT_FONTS, language, layout, sans: pages[0].sans }) : null;
  return { index, pages, otherPlayer };
}
