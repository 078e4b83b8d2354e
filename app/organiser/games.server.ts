import { Chess } from "chess.js";
import type { NotationLanguage } from "~/chess/languages";
import { moveErrorMessage } from "~/chess/messages";
import { readMove } from "~/chess/read";
import type { Db } from "~/db/client.server";
import { message } from "~/lib/messages";

/** The position after the stored moves (SAN, space separated). */
export function positionOf(moves: string | null): Chess {
  const chess = new Chess();
  for (const san of (moves ?? "").split(/\s+/).filter(Boolean)) chess.move(san);
  return chess;
}

/**
 * Adds a move typed in the tournament's notation language, checked by the chess core; the
 * error is a translatable message (spec §5: 'Illegal format', 'Illegal Move!', ...).
 */
export async function addMove(db: Db, gameId: number, moves: string | null, text: string, language: NotationLanguage) {
  const chess = positionOf(moves);
  const read = readMove(chess, text, language);
  if (!read.ok) {
    const { key, values } = moveErrorMessage(read.error);
    return { ok: false as const, error: message(key, values) };
  }
  chess.move(read.move);
  await db.game.update({ where: { id: gameId }, data: { moves: chess.history().join(" "), fen: chess.fen(), entered: new Date() } });
  return { ok: true as const };
}

export async function undoMove(db: Db, gameId: number, moves: string | null) {
  const chess = positionOf(moves);
  chess.undo();
  const history = chess.history();
  await db.game.update({ where: { id: gameId }, data: { moves: history.length ? history.join(" ") : null, fen: chess.fen() } });
}
