import { Chess } from "chess.js";
import type { NotationLanguage } from "~/chess/languages";
import { moveErrorMessage } from "~/chess/messages";
import { readMove } from "~/chess/read";
import type { Db } from "~/db/client.server";
import { message } from "~/lib/messages";

/**
 * The position after the stored moves (SAN, space separated) from the game's start position
 * (`fen`, null for the initial position). Moves that do not follow are left out, never thrown.
 */
export function positionOf(moves: string | null, fen: string | null): Chess {
  let chess: Chess;
  try {
    chess = new Chess(fen ?? undefined);
  } catch {
    chess = new Chess();
  }
  for (const san of (moves ?? "").split(/\s+/).filter(Boolean)) {
    try {
      chess.move(san);
    } catch {
      break;
    }
  }
  return chess;
}

/**
 * Adds a move typed in the tournament's notation language, checked by the chess core; the
 * error is a translatable message (spec §5: 'Illegal format', 'Illegal Move!', ...).
 */
export async function addMove(db: Db, game: { id: number; moves: string | null; fen: string | null }, text: string, language: NotationLanguage) {
  const chess = positionOf(game.moves, game.fen);
  const read = readMove(chess, text, language);
  if (!read.ok) {
    const { key, values } = moveErrorMessage(read.error);
    return { ok: false as const, error: message(key, values) };
  }
  chess.move(read.move);
  await db.game.update({ where: { id: game.id }, data: { moves: chess.history().join(" "), entered: new Date() } });
  return { ok: true as const };
}

export async function undoMove(db: Db, game: { id: number; moves: string | null; fen: string | null }) {
  const chess = positionOf(game.moves, game.fen);
  chess.undo();
  const history = chess.history();
  await db.game.update({ where: { id: game.id }, data: { moves: history.length ? history.join(" ") : null } });
}
