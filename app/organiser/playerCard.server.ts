import type { Db } from "~/db/client.server";
import type { Player, Tournament } from "~/generated/prisma/client";
import { standings, type Tiebreak } from "~/tournament/tiebreaks";
import { recordsOf } from "./rounds.server";
import { absencesOf } from "./pairingRules.server";

/**
 * A player's card (spec §3 "Player shows … rank, score, colour" and "Game shows board, round,
 * white, black, result, opponent"): rank and points after the last round, and each round's
 * board, opponent, colour and points.
 */
export type PlayerCard = {
  rank: number | null;
  points: number;
  rounds: { round: number; board: number | null; opponent: string | null; colour: "w" | "b" | null; kind: "game" | "forfeit" | "pab" | "bye"; points: number }[];
};

export async function playerCard(db: Db, tournament: Tournament, player: Pick<Player, "id" | "snr">): Promise<PlayerCard> {
  const [players, games, absences] = await Promise.all([
    db.player.findMany({ where: { tournamentId: tournament.id }, select: { id: true, snr: true, name: true } }),
    db.game.findMany({ where: { tournamentId: tournament.id }, orderBy: [{ round: "asc" }, { board: "asc" }] }),
    absencesOf(db, tournament.id),
  ]);
  const lastRound = games.reduce((max, g) => Math.max(max, g.round), 0);
  if (!lastRound) return { rank: null, points: 0, rounds: [] };
  const records = recordsOf(players, games, lastRound, absences);
  const tiebreaks = [tournament.tiebreakScoreFirst, tournament.tiebreakScoreSecond, tournament.tiebreakScoreThird] as Tiebreak[];
  const row = standings({ players: records, round: lastRound }, tiebreaks).find((s) => s.id === player.snr);
  const name = new Map(players.map((p) => [p.snr, p.name]));
  const record = records.find((r) => r.id === player.snr)!;
  const boardOf = new Map(games.filter((g) => g.whiteId === player.id || g.blackId === player.id).map((g) => [g.round, g.board]));
  return {
    rank: row?.rank ?? null,
    points: row?.score ?? 0,
    rounds: record.rounds.map((entry, i) => ({
      round: i + 1,
      board: boardOf.get(i + 1) ?? null,
      opponent: entry && "opponent" in entry ? (name.get(entry.opponent) ?? null) : null,
      colour: entry && "colour" in entry ? entry.colour : null,
      kind: entry?.kind ?? "bye",
      points: entry?.points ?? 0,
    })),
  };
}
