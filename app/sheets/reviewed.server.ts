import { squaresLeft } from "~/chess/candidates";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/log.server";
import { cropBox } from "../../worker/reader/crops";
import { decodeGray } from "../../worker/vision/image";
import type { PageSummary } from "../../workflows/steps";
import { gamePly } from "./boxPlies";
import type { GameReading } from "./games.server";
import type { SheetStorage } from "./storage.server";

/** A move a person confirmed as read (`corrected` false) or typed instead of the reading. */
export type ReviewedMove = { san: string; corrected: boolean };

/**
 * Keeps the boxes of the moves a person confirmed or corrected in the review, each as the recognizer
 * sees it (cut from the sheet's straightened page) with its move and the sheet's notation: labelled handwriting of this
 * installation's players for `npm run train -- --with-corrections`. A box kept before with the same
 * move is left as it is; a sheet whose boxes cannot be kept (its page gone from storage, two reviews at
 * once) is skipped and logged: the review itself never fails for it.
 */
export async function keepReviewedBoxes(db: Db, storage: Pick<SheetStorage, "get">, gameId: number, moves: readonly ReviewedMove[]) {
  // the moves after an illegal one keep no square: their boxes are labelled by their short forms
  const origins = squaresLeft(moves.map((move) => move.san));
  const sheets = await db.sheetImageEntry.findMany({ where: { gameId }, include: { reviewedBoxes: { select: { ply: true, san: true } } } });
  const { boxPlies } = ((await db.game.findUnique({ where: { id: gameId }, select: { reading: true } }))?.reading ?? {}) as Pick<GameReading, "boxPlies">;
  for (const sheet of sheets) {
    const summary = sheet.reading as unknown as PageSummary | null;
    const kept = new Map(sheet.reviewedBoxes.map((box) => [box.ply, box.san]));
    // each box labelled with the game's move it shows (a player who left a move out wrote the later ones a row early)
    const boxes = (summary?.regions.moves ?? [])
      .map((box) => ({ ...box, move: gamePly(boxPlies, sheet.id, box.ply) }))
      .filter(({ ply, move }) => move >= 0 && move < moves.length && kept.get(ply) !== moves[move].san);
    if (!summary?.pageKey || boxes.length === 0) continue;
    try {
      const page = await decodeGray(await storage.get(summary.pageKey));
      for (const { ply, move, region } of boxes) {
        const pixels = Uint8Array.from(cropBox(page, region).pixels, (v) => Math.round(v * 255));
        const data = { san: moves[move].san, fromSquare: origins[move] ?? null, notation: sheet.notation, corrected: moves[move].corrected, pixels, created: new Date() };
        await db.reviewedBox.upsert({ where: { sheetId_ply: { sheetId: sheet.id, ply } }, create: { sheetId: sheet.id, ply, ...data }, update: data });
      }
    } catch (error) {
      // training data is a by-product: the organiser's review is saved whatever happens here
      logger.warn({ err: error, sheetId: sheet.id }, "reviewed boxes not kept");
    }
  }
}
