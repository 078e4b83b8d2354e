import type { Db } from "~/db/client.server";
import type { Game, Tournament } from "~/generated/prisma/client";
import { matchPoints } from "~/tournament/teams";
import type { PlayerRecord, RoundEntry } from "~/tournament/types";
import { playersLocked, type PlayerInput } from "./players.server";
import { resultPoints } from "./results";

/**
 * Team tournaments (form 1): teams with ordered boards. A team is entered with its members in
 * board order; rounds pair teams (Berger table or Dutch system on match points) and every
 * team match gives one game per board, colours alternating by board.
 */
export async function addTeam(db: Db, tournament: Tournament, name: string, members: PlayerInput[]): Promise<{ ok: true } | { ok: false; error: string }> {
  const locked = await playersLocked(db, tournament.id);
  if (locked) return { ok: false, error: locked };
  if (await db.team.findFirst({ where: { tournamentId: tournament.id, name } })) return { ok: false, error: "teams.nameTaken" };
  await db.$transaction(async (tx) => {
    const teams = await tx.team.count({ where: { tournamentId: tournament.id } });
    const players = await tx.player.count({ where: { tournamentId: tournament.id } });
    const team = await tx.team.create({ data: { tournamentId: tournament.id, name, snr: teams + 1 } });
    await tx.player.createMany({
      data: members.map((member, board) => ({ ...member, tournamentId: tournament.id, teamId: team.id, teamBoard: board + 1, snr: players + board + 1 })),
    });
  });
  return { ok: true };
}

export type TeamWithBoards = { id: number; snr: number; name: string; players: { id: number }[] };

export function teamsOf(db: Pick<Db, "team">, tournamentId: number) {
  return db.team.findMany({
    where: { tournamentId },
    orderBy: { snr: "asc" },
    include: { players: { orderBy: { teamBoard: "asc" } } },
  });
}

type GameRow = Pick<Game, "round" | "board" | "whiteId" | "blackId" | "gameResult">;

export type TeamMatch = { round: number; home: number; away: number; homePoints: number; awayPoints: number; boards: number[] };

/**
 * The team matches of played rounds, from the board games (teams by starting number). The
 * first-named ("home") team is the one with white on the match's first board.
 */
export function teamMatches(teams: TeamWithBoards[], games: GameRow[]): TeamMatch[] {
  const teamOf = new Map<number, number>();
  for (const team of teams) for (const player of team.players) teamOf.set(player.id, team.snr);
  const boards = games
    .filter((g) => g.whiteId && g.blackId && teamOf.has(g.whiteId) && teamOf.has(g.blackId))
    .sort((a, b) => a.round - b.round || a.board - b.board);
  const matches = new Map<string, TeamMatch>();
  for (const game of boards) {
    const white = teamOf.get(game.whiteId!)!;
    const black = teamOf.get(game.blackId!)!;
    const key = `${game.round}:${Math.min(white, black)}:${Math.max(white, black)}`;
    const match = matches.get(key) ?? { round: game.round, home: white, away: black, homePoints: 0, awayPoints: 0, boards: [] };
    match.boards.push(game.board);
    const [whitePoints, blackPoints] = resultPoints(game.gameResult) ?? [0, 0];
    match.homePoints += white === match.home ? whitePoints : blackPoints;
    match.awayPoints += white === match.home ? blackPoints : whitePoints;
    matches.set(key, match);
  }
  return [...matches.values()];
}

/** Teams as the engine's players: match points as score (2 win, 1 draw), the first-named team as white. */
export function teamRecords(teams: TeamWithBoards[], matches: TeamMatch[], rounds: number): PlayerRecord[] {
  return teams.map((team) => ({
    id: team.snr,
    rounds: Array.from({ length: rounds }, (_, r): RoundEntry => {
      const match = matches.find((m) => m.round === r + 1 && (m.home === team.snr || m.away === team.snr));
      if (!match) return { kind: "bye", points: 0 };
      const home = match.home === team.snr;
      const own = home ? match.homePoints : match.awayPoints;
      const other = home ? match.awayPoints : match.homePoints;
      return { kind: "game", opponent: home ? match.away : match.home, colour: home ? "w" : "b", points: matchPoints(own, other) };
    }),
  }));
}

/** The team ranking after a round: match points, then board points, then starting number. */
export function teamStandings(teams: TeamWithBoards[], matches: TeamMatch[], round: number) {
  return teams
    .map((team) => {
      let mp = 0;
      let bp = 0;
      for (const m of matches) {
        if (m.round > round) continue;
        if (m.home === team.snr) {
          mp += matchPoints(m.homePoints, m.awayPoints);
          bp += m.homePoints;
        } else if (m.away === team.snr) {
          mp += matchPoints(m.awayPoints, m.homePoints);
          bp += m.awayPoints;
        }
      }
      return { snr: team.snr, name: team.name, matchPoints: mp, boardPoints: bp };
    })
    .sort((a, b) => b.matchPoints - a.matchPoints || b.boardPoints - a.boardPoints || a.snr - b.snr)
    .map((row, i) => ({ ...row, rank: i + 1 }));
}
