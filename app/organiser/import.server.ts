import type { Db } from "~/db/client.server";
import type { GameResult, Tiebreak } from "~/generated/prisma/client";
import { TIEBREAKS } from "~/tournament/tiebreaks";
import { readTournamentFile, type TournamentFile } from "~/tournament/tournamentFile";
import { readTrf, type TrfFile } from "~/tournament/trf";
import { LONG_TRANSACTION } from "~/db/locks.server";
import { insertPlayers } from "./players.server";
import { tournamentSlug } from "./slugs.server";

/**
 * Creates a tournament from a tournament file: the product's JSON format or FIDE TRF.
 * Everything (tournament, players, rounds, games) is written in one transaction: a bad file
 * leaves nothing behind, and its errors name the line or field.
 */
const RESULTS: Record<string, GameResult> = { "1-0": "WHITE_WINS", "0-1": "BLACK_WINS", "1/2-1/2": "DRAW", "+-": "PLUS", "-+": "MINUS", "--": "ZEROED", "*": "UNSET" };

export async function importTournament(
  db: Db,
  event: { id: number; creatorId: number },
  fileName: string,
  text: string,
): Promise<{ ok: true; id: number } | { ok: false; errors: string[] }> {
  const file = fileName.toLowerCase().endsWith(".json") || text.trimStart().startsWith("{") ? readTournamentFile(text) : fromTrf(readTrf(text), fileName);
  if (!file.ok) return file;
  const data = file.value;
  const tiebreaks = data.tiebreaks.map((code) => TIEBREAKS[code] as Tiebreak);
  const id = await db.$transaction(async (tx) => {
    const tournament = await tx.tournament.create({
      data: {
        creatorId: event.creatorId,
        eventId: event.id,
        name: data.name,
        slug: await tournamentSlug(tx, event.id, data.name),
        form: data.form,
        mode: data.mode,
        plannedRounds: data.plannedRounds ?? (data.rounds.length || null),
        pseudoRating: data.pseudoRating,
        twzSetting: data.twz,
        tiebreakScoreFirst: tiebreaks[0] ?? "NONE",
        tiebreakScoreSecond: tiebreaks[1] ?? "NONE",
        tiebreakScoreThird: tiebreaks[2] ?? "NONE",
        acceleration: data.acceleration,
      },
    });
    await insertPlayers(tx, tournament.id, data.participants.map(({ startRank, team: _team, ...fields }) => ({ ...fields, snr: startRank })));
    const created = await tx.player.findMany({ where: { tournamentId: tournament.id }, select: { id: true, snr: true } });
    const ids = new Map(created.map((p) => [p.snr, p.id]));
    await tx.forbiddenPair.createMany({
      data: data.forbiddenPairs.map(([a, b]) => ({ tournamentId: tournament.id, firstId: Math.min(ids.get(a)!, ids.get(b)!), secondId: Math.max(ids.get(a)!, ids.get(b)!) })),
      skipDuplicates: true,
    });
    await tx.playerAbsence.createMany({ data: data.absences.map((a) => ({ tournamentId: tournament.id, playerId: ids.get(a.startRank)!, round: a.round, kind: a.kind })) });
    for (const round of data.rounds) {
      const open = round.games.some((g) => g.result === "*");
      const created = await tx.round.create({ data: { tournamentId: tournament.id, round: round.round, state: open ? "IN_PROGRESS" : "FINISHED" } });
      await tx.game.createMany({
        data: round.games.map((g) => ({
          tournamentId: tournament.id,
          roundId: created.id,
          round: round.round,
          board: g.board,
          whiteId: ids.get(g.white)!,
          blackId: g.black === null ? null : ids.get(g.black)!,
          pairingType: g.black === null ? ("WHITE_SPIELFREI" as const) : ("NORMAL" as const),
          gameResult: RESULTS[g.result],
        })),
      });
    }
    return tournament.id;
  }, LONG_TRANSACTION);
  return { ok: true, id };
}

/**
 * A TRF file in the shape of the product's tournament file (Swiss, one entry per pairing). Rounds
 * without a game become announced byes (H half a point, Z or - none), also the round after the
 * last paired one; TRF-2026's 240 (byes), 260 and XXP (forbidden pairs, for every round) and 192's
 * Baku acceleration come along.
 */
function fromTrf(read: ReturnType<typeof readTrf>, fileName: string): { ok: true; value: TournamentFile } | { ok: false; errors: string[] } {
  if (!read.ok) return { ok: false, errors: read.errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)) };
  const trf: TrfFile = read.value;
  const name = trf.lines.find((l) => l.code === "012")?.text.slice(4).trim() || fileName.replace(/\.[^.]+$/, "") || "TRF";
  const rounds = Math.max(0, ...trf.players.map((p) => p.rounds.length));
  const games: TournamentFile["rounds"] = [];
  const absences = new Map<string, TournamentFile["absences"][number]>();
  const absence = (startRank: number, round: number, kind: "HALF_POINT" | "ZERO_POINT") => absences.set(`${startRank}:${round}`, { startRank, round, kind });
  for (const announced of trf.rules.absences) for (const id of announced.players) absence(id, announced.round, announced.type === "H" ? "HALF_POINT" : "ZERO_POINT");
  const forbidden = trf.rules.forbidden.flatMap((entry) => entry.players.flatMap((a, i) => entry.players.slice(i + 1).map((b) => [a, b] as [number, number])));
  for (let r = 0; r < rounds; r++) {
    const list: TournamentFile["rounds"][number]["games"] = [];
    for (const player of trf.players) {
      const entry = player.rounds[r];
      if (!entry || entry.result === " ") continue;
      if (entry.opponent === null) {
        if (entry.result === "U" || entry.result === "F") list.push({ board: 0, white: player.startRank, black: null, result: "+-" });
        else if (entry.result === "H" || entry.result === "Z" || entry.result === "-") absence(player.startRank, r + 1, entry.result === "H" ? "HALF_POINT" : "ZERO_POINT");
        continue;
      }
      if (entry.colour !== "w") continue;
      const result = ({ "1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-", "-": "-+", W: "1-0", L: "0-1", D: "1/2-1/2" } as const)[entry.result as "1"] ?? "*";
      list.push({ board: 0, white: player.startRank, black: entry.opponent, result });
    }
    list.forEach((g, i) => (g.board = i + 1));
    games.push({ round: r + 1, games: list });
  }
  return readTournamentFile(
    JSON.stringify({
      format: "kiebitz-tournament",
      version: 1,
      name,
      mode: "SWISS",
      plannedRounds: trf.rounds ?? (rounds || undefined),
      participants: trf.players.map((p) => ({
        startRank: p.startRank,
        name: p.name,
        ...(p.title ? { title: p.title } : {}),
        ...(p.fideId ? { fideId: p.fideId } : {}),
        ...(p.rating ? { elo: p.rating } : {}),
        ...(p.federation ? { country: p.federation } : {}),
      })),
      rounds: games.filter((r) => r.games.length),
      acceleration: trf.rules.baku ? "BAKU" : "NONE",
      forbiddenPairs: forbidden.filter(([a, b]) => a !== b),
      absences: [...absences.values()],
    }),
  );
}
