import { NOTATION_LANGUAGES } from "~/chess/languages";
import { HELD_OUT_DEBIAN_FONTS, HELD_OUT_DEBIAN_FONTS_2, HELD_OUT_JOINED_FONTS, HELD_OUT_FONTS, type HandName } from "./fonts";
import { engineGame } from "./engineGames";
import { ecoLines } from "./openings";
import { syntheticSheet, type SyntheticPage, type WriterSlip } from "./sheet";

/** Seeds of held-out sheets start here, far from the training seeds. */
const HELD_OUT_SEED = 900_000_000;

/**
 * The kinds of held-out hands, none used in training: handwriting fonts in print style (`fonts`) and joined
 * (`joined`, since 2026-11-27's fifth session), writers drawn with a pen (strokes.ts) in print style and in cursive, and
 * fonts made from people's handwriting that Debian packages (`debian`, since 2026-11-30's sixth session: fonts.ts's
 * DEBIAN_FONT_FILES; never calibrated on, CALIBRATED_KINDS), and a second such set (`debian2`, since 2026-12-03's third
 * session: DEBIAN_FONT_FILES_2).
 */
export const HELD_OUT_HANDS = {
  fonts: HELD_OUT_FONTS,
  joined: HELD_OUT_JOINED_FONTS,
  print: ["ems_felix", "ems_readability", "ems_readability_italic"],
  cursive: ["cursive", "scripts", "scriptc", "hershey_script_1", "hershey_script_med"],
  debian: HELD_OUT_DEBIAN_FONTS,
  debian2: HELD_OUT_DEBIAN_FONTS_2,
} as const satisfies Record<string, readonly HandName[]>;
export type HeldOutKind = keyof typeof HELD_OUT_HANDS;
/** The kinds the confidence is calibrated on (train:calibration's default); the `debian` and `debian2` hands only measure it. */
export const CALIBRATED_KINDS: readonly HeldOutKind[] = ["fonts", "joined", "print", "cursive"];

export type HeldOutSheet = { index: number; pages: SyntheticPage[]; otherPlayer: SyntheticPage[] | null };

/**
 * The games written: random play throughout, opened as real games are (an ECO line, then random
 * play), or played throughout by an engine held to a club player's strength (engineGames.ts, since 2026-11-30's
 * sixth session), for measuring what the move prior gives on each.
 */
export const HELD_OUT_GAMES = ["random", "openings", "engine"] as const;
export type HeldOutGames = (typeof HELD_OUT_GAMES)[number];

/**
 * How the players write their moves: short algebraic (Nf3), long (Ng1-f3: writtenLongMove), short never naming which of
 * two pieces moves (`unnamed`: Nd2 for Nbd2, withoutDisambiguator), or short always naming the file a piece leaves
 * (`named`: Ngf3 for Nf3, withOriginFile), on both players' sheets.
 */
export const HELD_OUT_NOTATIONS = ["short", "long", "unnamed", "named"] as const;
export type HeldOutNotation = (typeof HELD_OUT_NOTATIONS)[number];

/** The writers' digits: their hand's own, or real people's never used in training (MNIST's test digits: digits.ts). */
export type HeldOutDigits = "hand" | "real";

/**
 * What the sheets of a held-out set hold besides their hands (by default random games, short notation, the hand's digits,
 * flat pages, captures en passant unmarked, no draw offered; `bend`: mm, photo.ts's bowed; `enPassant`: every writer marks
 * such a capture e.p., sheet.ts's enPassantMarks; `drawOffers`: every writer notes a draw offered once or twice, (=);
 * `colons`: every writer marks captures with a colon, e:d5, sheet.ts's captureColons; `slip`: the player whose sheet is
 * read slips once in recording the game, sheet.ts's writerSlip, the other player's sheet written without).
 */
export type HeldOutVariant = { games?: HeldOutGames; notation?: HeldOutNotation; digits?: HeldOutDigits; bend?: number; enPassant?: boolean; drawOffers?: boolean; colons?: boolean; slip?: WriterSlip };

/**
 * The held-out set of a kind of hand: every notation language in turn, every eighth sheet on the
 * two-page 120-move form, every fourth with the opponent's sheet of the same game (another writer
 * of the same kind).
 */
export async function heldOutSheet(index: number, kind: HeldOutKind = "fonts", { games = "random", notation = "short", digits = "hand", bend, enPassant, drawOffers, colons, slip }: HeldOutVariant = {}): Promise<HeldOutSheet> {
  const fonts = HELD_OUT_HANDS[kind];
  const language = NOTATION_LANGUAGES[index % NOTATION_LANGUAGES.length];
  const layout = index % 8 === 7 ? "kiebitz-120" : "kiebitz-60";
  const opening = games === "openings" ? ecoLines()[(index * 7919) % ecoLines().length] : undefined;
  const writers = { longNotation: notation === "long" ? 1 : 0, pieceNaming: notation === "unnamed" ? ("never" as const) : notation === "named" ? ("always" as const) : undefined, realDigits: digits === "real" ? { share: 1, set: "held-out" as const } : undefined, bend, enPassantMarks: enPassant ? 1 : 0, drawOffers: drawOffers ? 1 : 0, captureColons: colons ? 1 : 0 };
  // an engine's game as far as the form holds it (random games on one page stop at 110 plies)
  const sans = games === "engine" ? engineGame(index).slice(0, layout === "kiebitz-120" ? 240 : 110) : undefined;
  const pages = await syntheticSheet({ seed: HELD_OUT_SEED + index, fonts, language, layout, opening, sans, slip, ...writers });
  const otherPlayer =
    index % 4 === 1 ? await syntheticSheet({ seed: HELD_OUT_SEED + 500_000 + index, fonts, language, layout, sans: pages[0].sans, ...writers }) : null;
  return { index, pages, otherPlayer };
}
