import { readPgn, tag, type PgnResult } from "~/chess/pgn";
import { pgnErrorMessage } from "~/chess/messages";
import type { Db } from "~/db/client.server";
import type { GameResult } from "~/generated/prisma/client";
import { firstErrors } from "~/lib/limits";
import { message } from "~/lib/messages";
import { moreErrors } from "./boards.server";

/**
 * Imports the games of a round from PGN: each game is matched to its board by the players'
 * names (White and Black tags), its moves and result are stored. All games must match and be
 * readable, otherwise nothing is changed and the problems are named.
 */
const RESULTS: Record<PgnResult, GameResult> = { "1-0": "WHITE_WINS", "0-1": "BLACK_WINS", "1/2-1/2": "DRAW", "*": "UNSET" };

const normalize = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

export async function importRoundGames(
  db: Db,
  tournamentId: number,
  round: number,
  text: string,
  adoptBoards = false,
): Promise<{ ok: true; count: number } | { ok: false; errors: string[] }> {
  const { games, errors } = readPgn(text);
  const problems = errors.map((error) => {
    const { key, values } = pgnErrorMessage(error);
    return message(key, values);
  });
  const boards = await db.game.findMany({ where: { tournamentId, round, blackId: { not: null } }, include: { white: true, black: true } });
  const updates: { id: number; moves: string; fen: string | null; result: GameResult; board?: number }[] = [];
  games.forEach((game, index) => {
    const white = normalize(tag(game, "White") ?? "");
    const black = normalize(tag(game, "Black") ?? "");
    const board = boards.find((b) => normalize(b.white?.name ?? "") === white && normalize(b.black?.name ?? "") === black);
    if (!board) {
      problems.push(message("rounds.import.noBoard", { game: index + 1, white: tag(game, "White") ?? "?", black: tag(game, "Black") ?? "?" }));
      return;
    }
    const fileBoard = Number(tag(game, "Board"));
    updates.push({ id: board.id, moves: game.moves.map((m) => m.san).join(" "), fen: game.fen ?? null, result: RESULTS[game.result], ...(Number.isInteger(fileBoard) && fileBoard > 0 ? { board: fileBoard } : {}) });
  });
  if (games.length === 0 && problems.length === 0) problems.push("rounds.import.noGames");
  const adopted = adoptBoards ? adoptedBoards(boards, updates) : new Map<number, number>();
  if (adoptBoards && adopted.size === 0 && problems.length === 0) problems.push("rounds.import.noBoardTags");
  if (problems.length) return { ok: false, errors: firstErrors(problems, moreErrors) };
  await db.$transaction([
    ...updates.map((u) => db.game.update({ where: { id: u.id }, data: { moves: u.moves || null, fen: u.fen, gameResult: u.result, entered: new Date() } })),
    // Board numbers from the file: first moved aside, then set, so that the unique (round, board) never collides.
    ...[...adopted].map(([id], i) => db.game.update({ where: { id }, data: { board: -(i + 1) } })),
    ...[...adopted].map(([id, board]) => db.game.update({ where: { id }, data: { board } })),
  ]);
  return { ok: true, count: updates.length };
}

/**
 * Adopting board numbers: every game of the file carries a distinct Board tag; the boards of
 * the round not in the file follow after them in their order. Empty when the file has no usable tags.
 */
function adoptedBoards(boards: { id: number; board: number }[], updates: { id: number; board?: number }[]): Map<number, number> {
  const numbers = updates.map((u) => u.board);
  if (numbers.some((n) => n === undefined) || new Set(numbers).size !== numbers.length) return new Map();
  const adopted = new Map(updates.map((u) => [u.id, u.board!]));
  let next = Math.max(...numbers.map(Number));
  for (const board of [...boards].sort((a, b) => a.board - b.board)) if (!adopted.has(board.id)) adopted.set(board.id, ++next);
  return adopted;
}
