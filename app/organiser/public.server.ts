import { createHash } from "node:crypto";
import type { Db } from "~/db/client.server";
import { recordsOf } from "./rounds.server";
import { standings, type Tiebreak } from "~/tournament/tiebreaks";
import { absencesOf } from "./pairingRules.server";

/**
 * What visitors see (spec §6): events and tournaments that are public; games only when the
 * tournament is fully public, and behind its games password when it has one.
 */
const PUBLIC = { in: ["PUBLIC", "PUBLIC_WITHOUT_GAMES"] } as { in: ("PUBLIC" | "PUBLIC_WITHOUT_GAMES")[] };

export async function publicEvent(db: Db, where: { id: number } | { slug: string }) {
  const event = await db.event.findUnique({ where });
  if (!event) return null;
  const tournaments = await db.tournament.findMany({
    where: { eventId: event.id, visibility: PUBLIC },
    orderBy: [{ orderValue: "asc" }, { id: "asc" }],
    select: { id: true, name: true, slug: true, visibility: true },
  });
  if (!tournaments.length) return null;
  return { id: event.id, name: event.name, slug: event.slug, description: event.description, startDate: event.startDate, endDate: event.endDate, tournaments };
}

export async function publicTournament(db: Db, eventId: number, tournamentSlug: string, unlocked: (tournamentId: number, password: string | null) => boolean) {
  const tournament = await db.tournament.findFirst({ where: { eventId, slug: tournamentSlug, visibility: PUBLIC } });
  if (!tournament) return null;
  const [players, games, absences] = await Promise.all([
    db.player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } }),
    db.game.findMany({ where: { tournamentId: tournament.id }, orderBy: [{ round: "asc" }, { board: "asc" }], include: { white: true, black: true } }),
    absencesOf(db, tournament.id),
  ]);
  const lastRound = games.reduce((max, g) => Math.max(max, g.round), 0);
  const tiebreaks = [tournament.tiebreakScoreFirst, tournament.tiebreakScoreSecond, tournament.tiebreakScoreThird].filter((t) => t !== "NONE") as Tiebreak[];
  const bySnr = new Map(players.map((p) => [p.snr, p]));
  const ranking = lastRound
    ? standings({ players: recordsOf(players, games, lastRound, absences), round: lastRound }, tiebreaks).map((row) => ({ ...row, name: bySnr.get(row.id)?.name ?? "" }))
    : [];
  const gamesAllowed = tournament.visibility === "PUBLIC";
  const needsPassword = gamesAllowed && Boolean(tournament.password) && !unlocked(tournament.id, tournament.password);
  return {
    id: tournament.id,
    name: tournament.name,
    gamesAllowed,
    needsPassword,
    lastRound,
    ranking,
    pairings: games
      .filter((g) => g.round === lastRound)
      .map((g) => ({
        board: g.board,
        white: g.white?.name ?? "",
        black: g.black?.name ?? null,
        result: g.gameResult,
        moves: gamesAllowed && !needsPassword ? g.moves : null,
      })),
  };
}

export function checkGamesPassword(password: string | null, given: string): boolean {
  return !password || password === given;
}

/**
 * What a visitor's session remembers of an unlocked tournament: its id and a digest of the games
 * password it was unlocked with, so that changing the password ends every earlier unlock.
 */
export function unlockStamp(tournamentId: number, password: string | null): string {
  return `${tournamentId}:${createHash("sha256").update(`${tournamentId}\0${password ?? ""}`).digest("base64url").slice(0, 16)}`;
}
