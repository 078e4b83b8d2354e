import type { AbsenceKind, Game, Player, Tournament } from "~/generated/prisma/client";
import { computeTiebreak, standings, TIEBREAK_HEADERS, type RatedPlayer, type Tiebreak } from "~/tournament/tiebreaks";
import type { RoundEntry } from "~/tournament/types";
import { recordsOf } from "./rounds.server";
import { teamMatches, teamStandings, type TeamWithBoards } from "./teams.server";

/**
 * What visitors see of a public tournament, computed from one snapshot of it (players, games,
 * absences, teams): the starting list, each round's pairings and results, the standings after any
 * round with the tournament's tiebreaks, the cross table and a player's rounds. Plain functions of
 * the snapshot, so that a snapshot can be cached and every view computed from it.
 */
export type PublicPlayer = Pick<Player, "id" | "snr" | "name" | "title" | "elo" | "nwz" | "club" | "country" | "fideId" | "teamId">;
export type PublicGame = Pick<Game, "round" | "board" | "whiteId" | "blackId" | "gameResult" | "pairingType" | "moves" | "fen" | "winnerId">;

export type Snapshot = {
  tournament: Pick<Tournament, "id" | "name" | "mode" | "form" | "tiebreakScoreFirst" | "tiebreakScoreSecond" | "tiebreakScoreThird">;
  players: PublicPlayer[];
  games: PublicGame[];
  absences: { playerId: number; round: number; kind: AbsenceKind }[];
  teams: TeamWithBoards[];
};

/** Rounds with pairings (the highest round number that has a board). */
export function roundsPaired(snapshot: Snapshot): number {
  return snapshot.games.reduce((max, g) => Math.max(max, g.round), 0);
}

export function tiebreaksOf(snapshot: Snapshot): Tiebreak[] {
  const { tiebreakScoreFirst, tiebreakScoreSecond, tiebreakScoreThird } = snapshot.tournament;
  return [tiebreakScoreFirst, tiebreakScoreSecond, tiebreakScoreThird].filter((t) => t !== "NONE") as Tiebreak[];
}

/** The rating shown and used: FIDE rating, else the national rating. */
export function ratingOf(player: Pick<Player, "elo" | "nwz">): number | null {
  return player.elo ?? player.nwz ?? null;
}

type Person = { snr: number; name: string; title: string | null; rating: number | null };

function person(player: PublicPlayer): Person {
  return { snr: player.snr, name: player.name, title: player.title, rating: ratingOf(player) };
}

/** The starting list: by starting number (the rating order the organiser set). */
export function startingList(snapshot: Snapshot) {
  return [...snapshot.players]
    .sort((a, b) => a.snr - b.snr)
    .map((p) => ({ ...person(p), club: p.club, country: p.country, fideId: p.fideId }));
}

function context(snapshot: Snapshot, round: number) {
  const bySnr = new Map(snapshot.players.map((p) => [p.snr, p]));
  const games = snapshot.games.filter((g) => g.round <= round);
  const records: RatedPlayer[] = recordsOf(snapshot.players, games, round, snapshot.absences).map((r) => ({
    ...r,
    rating: ratingOf(bySnr.get(r.id)!) ?? undefined,
  }));
  return { bySnr, records, context: { players: records, round } };
}

/** The standings after a round, with the tournament's tiebreak columns (and team standings for teams). */
export function standingsAfter(snapshot: Snapshot, round: number) {
  const tiebreaks = tiebreaksOf(snapshot);
  const { bySnr, context: ctx } = context(snapshot, round);
  const rows = standings(ctx, tiebreaks).map((row) => {
    const p = bySnr.get(row.id)!;
    return { ...row, ...person(p), club: p.club, country: p.country };
  });
  const teams = snapshot.teams.length ? teamStandings(snapshot.teams, teamMatches(snapshot.teams, snapshot.games), round) : [];
  return { headers: tiebreaks.map((t) => TIEBREAK_HEADERS[t]), rows, teams };
}

/** A cell of a result: 1, ½, 0, or + and − for forfeits and byes won or lost. */
export function resultMark(entry: RoundEntry): string {
  const points = entry.points === 0.5 ? "½" : String(entry.points);
  if (entry.kind === "game") return points;
  return entry.points === 1 ? "+" : entry.points === 0 ? "−" : points;
}

/**
 * The cross table after a round, in ranking order: each round's opponent (by rank), colour and
 * result, as the big results sites print it.
 */
export function crossTable(snapshot: Snapshot, round: number) {
  const { headers, rows } = standingsAfter(snapshot, round);
  const { records } = context(snapshot, round);
  const rankOf = new Map(rows.map((row, i) => [row.snr, i + 1]));
  const bySnr = new Map(records.map((r) => [r.id, r]));
  return {
    headers,
    rows: rows.map((row) => ({
      ...row,
      cells: bySnr.get(row.snr)!.rounds.slice(0, round).map((entry) => {
        const e = entry ?? { kind: "bye" as const, points: 0 };
        return {
          opponent: "opponent" in e ? (rankOf.get(e.opponent) ?? null) : null,
          colour: "colour" in e ? e.colour : null,
          mark: resultMark(e),
          kind: e.kind,
        };
      }),
    })),
  };
}

export type PublicBoard = {
  board: number;
  white: (Person & { points: number }) | null;
  black: (Person & { points: number }) | null;
  result: Game["gameResult"];
  winner: "white" | "black" | null;
  hasMoves: boolean;
};

/** The pairings and results of a round, with each player's points before it. */
export function roundBoards(snapshot: Snapshot, round: number): { boards: PublicBoard[]; absent: (Person & { points: number })[]; teamMatches: ReturnType<typeof teamMatchesOf> } {
  const { context: before } = context(snapshot, round - 1);
  const scores = new Map(before.players.map((r) => [r.id, r.rounds.reduce((s, e) => s + (e?.points ?? 0), 0)]));
  const byId = new Map(snapshot.players.map((p) => [p.id, p]));
  const side = (id: number | null) => {
    const p = id ? byId.get(id) : undefined;
    return p ? { ...person(p), points: scores.get(p.snr) ?? 0 } : null;
  };
  const games = snapshot.games.filter((g) => g.round === round).sort((a, b) => a.board - b.board);
  const seated = new Set(games.flatMap((g) => [g.whiteId, g.blackId]));
  const absent = snapshot.absences
    .filter((a) => a.round === round && !seated.has(a.playerId) && byId.has(a.playerId))
    .map((a) => side(a.playerId)!)
    .sort((a, b) => a.snr - b.snr);
  return {
    boards: games.map((g) => ({
      board: g.board,
      white: side(g.whiteId),
      black: side(g.blackId),
      result: g.gameResult,
      winner: g.winnerId ? (g.winnerId === g.whiteId ? "white" : "black") : null,
      hasMoves: Boolean(g.moves?.trim()),
    })),
    absent,
    teamMatches: teamMatchesOf(snapshot, round),
  };
}

function teamMatchesOf(snapshot: Snapshot, round: number) {
  if (!snapshot.teams.length) return [];
  const name = new Map(snapshot.teams.map((t) => [t.snr, t.name]));
  return teamMatches(snapshot.teams, snapshot.games)
    .filter((m) => m.round === round)
    .map((m) => ({ home: name.get(m.home) ?? "", away: name.get(m.away) ?? "", homePoints: m.homePoints, awayPoints: m.awayPoints, boards: m.boards }));
}

/** A player's tournament: each round's board, opponent, colour, result and running score; rank and performance. */
export function playerRounds(snapshot: Snapshot, snr: number) {
  const player = snapshot.players.find((p) => p.snr === snr);
  if (!player) return null;
  const round = roundsPaired(snapshot);
  const { bySnr, records, context: ctx } = context(snapshot, round);
  const record = records.find((r) => r.id === snr)!;
  const row = round ? standings(ctx, tiebreaksOf(snapshot)).find((s) => s.id === snr) : undefined;
  const boardOf = new Map(snapshot.games.filter((g) => g.whiteId === player.id || g.blackId === player.id).map((g) => [g.round, g.board]));
  let running = 0;
  const rounds = record.rounds.map((entry, i) => {
    const e = entry ?? { kind: "bye" as const, points: 0 };
    running += e.points;
    const opponent = "opponent" in e ? bySnr.get(e.opponent) : undefined;
    return {
      round: i + 1,
      board: boardOf.get(i + 1) ?? null,
      opponent: opponent ? person(opponent) : null,
      colour: "colour" in e ? e.colour : null,
      kind: e.kind,
      mark: resultMark(e),
      points: e.points,
      running,
    };
  });
  const played = rounds.filter((r) => r.kind === "game" && r.opponent?.rating != null);
  return {
    player: { ...person(player), club: player.club, country: player.country, fideId: player.fideId },
    rank: row?.rank ?? null,
    score: running,
    rounds,
    gamesRated: played.length,
    averageOpponent: played.length ? Math.round(played.reduce((s, r) => s + (r.opponent!.rating ?? 0), 0) / played.length) : null,
    performance: played.length ? Math.round(computeTiebreak("RATING_PERFORMANCE", record, ctx)) : null,
  };
}
