import { writePgn, type PgnGame, type PgnResult } from "~/chess/pgn";
import type { Db } from "~/db/client.server";
import type { GameResult } from "~/generated/prisma/client";

const PGN_RESULT: Record<GameResult, PgnResult> = {
  UNSET: "*", WHITE_WINS: "1-0", DRAW: "1/2-1/2", BLACK_WINS: "0-1", PLUS: "1-0", MINUS: "0-1", ZEROED: "*",
};

/** A PGN date (yyyy.mm.dd), or the unknown date. */
const pgnDate = (date: Date | null) => date?.toISOString().slice(0, 10).replace(/-/g, ".") ?? "????.??.??";

/** The games of a round (or of all rounds) as PGN, with Seven Tag Roster, board and ratings; byes are left out. */
export async function exportPgn(db: Db, tournamentId: number, round?: number): Promise<string> {
  const tournament = await db.tournament.findUniqueOrThrow({ where: { id: tournamentId }, include: { event: true } });
  const games = await db.game.findMany({
    where: { tournamentId, ...(round ? { round } : {}), blackId: { not: null } },
    orderBy: [{ round: "asc" }, { board: "asc" }],
    include: { white: true, black: true },
  });
  const pgnGames: PgnGame[] = games.map((game) => {
    const tags: [string, string][] = [
      ["Event", `${tournament.event.name} – ${tournament.name}`],
      ["Site", tournament.event.site || "?"],
      ["Date", pgnDate(game.entered ?? tournament.startDate ?? tournament.event.startDate)],
      ["Round", String(game.round)],
      ["White", game.white?.name ?? "?"],
      ["Black", game.black?.name ?? "?"],
      ["Board", String(game.board)],
    ];
    if (game.white?.elo) tags.push(["WhiteElo", String(game.white.elo)]);
    if (game.black?.elo) tags.push(["BlackElo", String(game.black.elo)]);
    if (game.gameResult === "PLUS" || game.gameResult === "MINUS") tags.push(["Termination", "forfeit"]);
    return {
      tags,
      moves: (game.moves ?? "").split(/\s+/).filter(Boolean).map((san) => ({ san })),
      result: PGN_RESULT[game.gameResult],
      ...(game.fen ? { fen: game.fen } : {}),
      ...(game.description ? { comment: game.description } : {}),
    };
  });
  return writePgn(pgnGames);
}

/** The PGN of a tournament (or of one of its rounds) as a file download named after it. */
export function pgnDownload(pgn: string, tournamentName: string, round?: number, headers: Record<string, string> = {}): Response {
  const name = `${tournamentName.replace(/[^\p{L}\p{N}]+/gu, "-")}${round ? `-round-${round}` : ""}.pgn`;
  return new Response(pgn, {
    headers: { "Content-Type": "application/x-chess-pgn; charset=utf-8", "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`, ...headers },
  });
}
