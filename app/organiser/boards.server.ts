import type { Db } from "~/db/client.server";
import type { GameResult } from "~/generated/prisma/client";
import { excerpt, firstErrors, MAX_PASTED_CHARS } from "~/lib/limits";
import { message } from "~/lib/messages";
import { resultPoints } from "./results";

/**
 * Board order of a round (C.04.2): by the higher-ranked player's score before the round, then
 * the pair's total score, then the higher player's starting number; byes last. Used to correct
 * board numbers after manual changes.
 */
export async function correctBoardNumbers(db: Db, tournamentId: number, round: number) {
  const [games, earlier] = await Promise.all([
    db.game.findMany({ where: { tournamentId, round }, include: { white: true, black: true } }),
    db.game.findMany({ where: { tournamentId, round: { lt: round } } }),
  ]);
  const score = new Map<number, number>();
  for (const game of earlier) {
    const points = resultPoints(game.gameResult) ?? [0, 0];
    if (game.whiteId) score.set(game.whiteId, (score.get(game.whiteId) ?? 0) + points[0]);
    if (game.blackId) score.set(game.blackId, (score.get(game.blackId) ?? 0) + points[1]);
  }
  const key = (game: (typeof games)[number]) => {
    const players = [game.white, game.black].filter((p) => p !== null);
    const ranked = players.map((p) => ({ score: score.get(p.id) ?? 0, snr: p.snr })).sort((a, b) => b.score - a.score || a.snr - b.snr);
    return { bye: game.blackId === null ? 1 : 0, top: ranked[0].score, sum: ranked.reduce((s, p) => s + p.score, 0), snr: ranked[0].snr };
  };
  const ordered = [...games].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x.bye - y.bye || y.top - x.top || y.sum - x.sum || x.snr - y.snr;
  });
  await db.$transaction([
    ...ordered.map((game, i) => db.game.update({ where: { id: game.id }, data: { board: -(i + 1) } })),
    ...ordered.map((game, i) => db.game.update({ where: { id: game.id }, data: { board: i + 1 } })),
  ]);
}

/** The line that stands for the errors not listed. */
export const moreErrors = (count: number) => message("import.moreErrors", { count });

const RESULT_CODES: Record<string, GameResult> = {
  "1-0": "WHITE_WINS", "0-1": "BLACK_WINS", "1/2-1/2": "DRAW", "½-½": "DRAW", "=": "DRAW", "0.5-0.5": "DRAW",
  "+-": "PLUS", "+/-": "PLUS", "-+": "MINUS", "-/+": "MINUS", "--": "ZEROED", "-/-": "ZEROED", "0-0": "ZEROED",
};

/**
 * Results from a list, one board per line: "board;result" or "board,result" (1-0, 0-1, ½-½, +/-, -/+, -/-).
 * Every line is checked first; a bad line changes nothing and is named.
 */
export function parseResults(text: string, boards: number[]): { ok: true; value: Map<number, GameResult> } | { ok: false; errors: string[] } {
  if (text.length > MAX_PASTED_CHARS) return { ok: false, errors: [message("rounds.pasteTooLong", { max: MAX_PASTED_CHARS })] };
  const known = new Set(boards);
  const results = new Map<number, GameResult>();
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || /^board/i.test(line)) return;
    const [boardText, resultText = ""] = line.split(/[;,\t]/).map((cell) => cell.trim());
    const board = Number(boardText);
    const result = RESULT_CODES[resultText.replace(/\s+/g, "")];
    if (!known.has(board)) errors.push(message("rounds.results.badBoard", { line: index + 1, board: excerpt(boardText) }));
    else if (!result) errors.push(message("rounds.results.badResult", { line: index + 1, result: excerpt(resultText) }));
    else results.set(board, result);
  });
  if (errors.length) return { ok: false, errors: firstErrors(errors, moreErrors) };
  if (results.size === 0) return { ok: false, errors: ["rounds.results.empty"] };
  return { ok: true, value: results };
}

/**
 * Pairings entered by hand or from another program, one board per line: "board;white;black"
 * with starting numbers ("-" or "0" as black for a bye). Every line is checked; nothing is
 * stored unless all are right.
 */
export function parsePairings(text: string, snrs: number[]): { ok: true; value: { white: number; black: number | null }[] } | { ok: false; errors: string[] } {
  if (text.length > MAX_PASTED_CHARS) return { ok: false, errors: [message("rounds.pasteTooLong", { max: MAX_PASTED_CHARS })] };
  const known = new Set(snrs);
  const seen = new Set<number>();
  const errors: string[] = [];
  const boards: { board: number; white: number; black: number | null }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || /^board/i.test(line)) return;
    const [board, white, black = ""] = line.split(/[;,\t]/).map((cell) => cell.trim());
    const numbers = [Number(white), black === "-" || black === "0" || black === "" ? null : Number(black)];
    const bad = numbers.find((n) => n !== null && !known.has(n));
    if (!Number.isInteger(Number(board)) || bad !== undefined || numbers[0] === null) {
      errors.push(message("rounds.pairingsImport.badLine", { line: index + 1 }));
      return;
    }
    for (const n of numbers) {
      if (n === null) continue;
      if (seen.has(n)) errors.push(message("rounds.pairingsImport.twice", { line: index + 1, player: n }));
      seen.add(n);
    }
    boards.push({ board: Number(board), white: numbers[0]!, black: numbers[1] });
  });
  if (errors.length) return { ok: false, errors: firstErrors(errors, moreErrors) };
  if (boards.length === 0) return { ok: false, errors: ["rounds.pairingsImport.empty"] };
  return { ok: true, value: boards.sort((a, b) => a.board - b.board).map(({ white, black }) => ({ white, black })) };
}
