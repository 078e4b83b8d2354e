import type { NotationLanguage } from "~/chess/languages";
import { FIRST_TRAINING_FONTS } from "./fonts";
import { syntheticSheet } from "./sheet";

export type RoundSheet = { round: number; board: number; sans: string[]; photos: Buffer[]; name: string };

/**
 * Photographed score sheets of a round, as an arbiter collects them: one player's sheet per board
 * (every page), round and board written in the header; boards listed in `blankBoards` have their
 * board number left unwritten. Games of 20–70 plies (or `sans` on every board: the other player's sheet of a game
 * photographed before), in English notation unless `language` says another, one-page form, in one of the
 * FIRST_TRAINING_FONTS. Boards are numbered from `firstBoard` (1 unless given).
 */
export async function roundSheets(options: { seed: number; round: number; boards: number; firstBoard?: number; blankBoards?: number[]; sans?: string[]; language?: NotationLanguage }): Promise<RoundSheet[]> {
  const sheets: RoundSheet[] = [];
  const first = options.firstBoard ?? 1;
  for (let board = first; board < first + options.boards; board++) {
    const seed = options.seed + board;
    const blank = options.blankBoards?.includes(board) ?? false;
    const pages = await syntheticSheet({ seed, fonts: FIRST_TRAINING_FONTS, layout: "kiebitz-60", language: options.language ?? "EN", round: options.round, board: blank ? null : board, corrections: 0, sans: options.sans });
    sheets.push({ round: options.round, board, sans: pages[0].sans, photos: pages.map((page) => page.jpeg), name: `round-${options.round}-board-${board}.jpg` });
  }
  return sheets;
}
