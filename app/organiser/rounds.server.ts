import type { Db } from "~/db/client.server";
import { LONG_TRANSACTION, lockTournament, type Tx } from "~/db/locks.server";
import { message } from "~/lib/messages";
import type { Game, GameResult, Player, Tournament } from "~/generated/prisma/client";
import { FORFEITS, resultPoints } from "./results";
import { pairDutch, type DutchInput } from "~/tournament/dutch";
import { checkRoundDrawable } from "~/tournament/ranking";
import { bergerTable } from "~/tournament/roundRobin";
import { knockoutFirstRound, knockoutRounds, nextKnockoutBoards } from "~/tournament/knockout";
import { boardPairings, scheveningen } from "~/tournament/teams";
import { teamMatches, teamRecords, teamsOf } from "./teams.server";
import { pairDutchInThread } from "./pairing.server";
import type { EngineError, EngineResult } from "~/tournament/errors";
import type { Pairing, PlayerRecord, RoundEntry, RoundPairing } from "~/tournament/types";
import { bakuAcceleration, STANDARD_POINTS } from "~/tournament/trfRules";
import { ABSENCE_POINTS, absencesOf, forbiddenPairsOf, type AbsenceRow } from "./pairingRules.server";
import { publish } from "~/live/bus.server";

/**
 * Rounds of a tournament: drawing pairings with the engine, entering results, removing the
 * last round's pairings, and the engine's view (records) of what was played. Players are
 * identified by their starting number in the engine.
 */
type GameRow = Pick<Game, "round" | "whiteId" | "blackId" | "gameResult" | "pairingType">;

/**
 * The engine's records: per player (by starting number) what happened in each round so far; a
 * round without a game is a bye worth what the announced absence gives (half a point or none).
 */
export function recordsOf(players: Pick<Player, "id" | "snr">[], games: GameRow[], rounds: number, absences: AbsenceRow[] = []): PlayerRecord[] {
  const snr = new Map(players.map((p) => [p.id, p.snr]));
  const records = new Map(players.map((p) => [p.id, { id: p.snr, rounds: new Array<RoundEntry | undefined>(rounds) } as PlayerRecord]));
  for (const game of games) {
    const index = game.round - 1;
    const points = resultPoints(game.gameResult);
    if (game.whiteId && !game.blackId) {
      records.get(game.whiteId)!.rounds[index] = { kind: "pab", points: points?.[0] ?? 1 };
      continue;
    }
    if (!game.whiteId || !game.blackId) continue;
    const kind = FORFEITS.includes(game.gameResult) ? "forfeit" : "game";
    records.get(game.whiteId)!.rounds[index] = { kind, opponent: snr.get(game.blackId)!, colour: "w", points: points?.[0] ?? 0 };
    records.get(game.blackId)!.rounds[index] = { kind, opponent: snr.get(game.whiteId)!, colour: "b", points: points?.[1] ?? 0 };
  }
  for (const absence of absences) {
    const record = records.get(absence.playerId);
    if (record && absence.round <= rounds) record.rounds[absence.round - 1] ??= { kind: "bye", points: ABSENCE_POINTS[absence.kind] };
  }
  for (const record of records.values()) {
    for (let r = 0; r < rounds; r++) record.rounds[r] ??= { kind: "bye", points: 0 };
  }
  return [...records.values()];
}

export type DrawError =
  | EngineError
  | { code: "previousRoundOpen" }
  | { code: "notEnoughPlayers" }
  | { code: "knockoutUndecided"; board: number }
  | { code: "knockoutFinished" };

/** The translatable message of a round error (locales: rounds.errors.*). */
export function drawErrorMessage(error: DrawError): string {
  const { code, ...values } = error;
  return message(`rounds.errors.${code}`, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
}

/** Draws the next round with the tournament's system (or stores imported pairings) and its boards, all in one transaction. */
export async function drawNextRound(
  db: Db,
  tournament: Tournament,
  round: number,
  imported?: { white: number; black: number | null }[],
): Promise<{ ok: true } | { ok: false; error: DrawError }> {
  // Read, pair and store under the tournament's lock: a concurrent draw then finds this round
  // drawn ('pairings already drawn'), and no player can be added in between.
  const drawn = await db.$transaction(async (tx) => {
    await lockTournament(tx, tournament.id);
    const [players, rounds, games, absences, forbidden] = await Promise.all([
      tx.player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } }),
      tx.round.findMany({ where: { tournamentId: tournament.id }, orderBy: { round: "asc" } }),
      tx.game.findMany({ where: { tournamentId: tournament.id } }),
      absencesOf(tx, tournament.id),
      forbiddenPairsOf(tx, tournament.id),
    ]);
    // A knockout has as many rounds as its bracket needs, whatever was planned.
    const drawable = checkRoundDrawable(round, rounds.length, tournament.mode === "KNOCKOUT" ? null : tournament.plannedRounds);
    if (!drawable.ok) return drawable;
    if (rounds.length && games.some((g) => g.round === rounds.length && g.gameResult === "UNSET")) return { ok: false as const, error: { code: "previousRoundOpen" as const } };
    const bySnr = new Map(players.map((p) => [p.snr, p.id]));
    const boards: Boards = imported
      ? { ok: true, value: imported.map((b) => ({ whiteId: bySnr.get(b.white)!, blackId: b.black === null ? null : bySnr.get(b.black)! })) }
      : tournament.form === "TEAM"
        ? await teamBoards(tx, tournament, games, round)
        : tournament.mode === "KNOCKOUT"
          ? knockoutBoards(tournament, players, games, round)
          : await singleBoards(tournament, players, games, round, { absences, forbidden });
    if (!boards.ok) return boards;
    if (tournament.mode === "KNOCKOUT" && round === 1) {
      await tx.tournament.update({ where: { id: tournament.id }, data: { plannedRounds: knockoutRounds(players.filter((p) => p.active).length) } });
    }
    const created = await tx.round.create({ data: { tournamentId: tournament.id, round, state: "IN_PROGRESS" } });
    await tx.game.createMany({
      data: boards.value.map((board, i) => ({
        ...board,
        tournamentId: tournament.id,
        roundId: created.id,
        round,
        board: i + 1,
        pairingType: board.blackId === null ? ("WHITE_SPIELFREI" as const) : ("NORMAL" as const),
        gameResult: board.blackId === null ? ("PLUS" as const) : ("UNSET" as const),
      })),
    });
    return { ok: true as const };
  }, LONG_TRANSACTION);
  if (!drawn.ok) return drawn;
  await updateRoundState(db, tournament.id, round);
  publish({ tournamentId: tournament.id, kind: "round" });
  return { ok: true };
}

type Board = { whiteId: number; blackId: number | null };
type Boards = { ok: true; value: Board[] } | { ok: false; error: DrawError };

export type Rules = { absences: AbsenceRow[]; forbidden: { firstId: number; secondId: number }[] };

async function singleBoards(tournament: Tournament, players: Player[], games: Game[], round: number, rules: Rules): Promise<Boards> {
  const absent = new Set(rules.absences.filter((a) => a.round === round).map((a) => a.playerId));
  const active = players.filter((p) => p.active && !absent.has(p.id));
  if (active.length < 2) return { ok: false, error: { code: "notEnoughPlayers" } };
  const pairing = await pairRound(tournament, players, active, games, round, rules);
  if (!pairing.ok) return pairing;
  const bySnr = new Map(players.map((p) => [p.snr, p.id]));
  const boards: Board[] = pairing.value.pairings.map((p: Pairing) => ({ whiteId: bySnr.get(p.white)!, blackId: bySnr.get(p.black)! }));
  if (pairing.value.bye) boards.push({ whiteId: bySnr.get(pairing.value.bye)!, blackId: null });
  return { ok: true, value: boards };
}

/** Team rounds: teams are paired (Berger table, Dutch system on match points, or Scheveningen for two teams), then board by board. */
async function teamBoards(db: Tx, tournament: Tournament, games: Game[], round: number): Promise<Boards> {
  const teams = await teamsOf(db, tournament.id);
  if (teams.length < 2) return { ok: false, error: { code: "notEnoughPlayers" } };
  const roster = (snr: number) => {
    const team = teams.find((t) => t.snr === snr)!;
    return { id: team.snr, players: team.players.map((p) => p.id) };
  };
  if (tournament.mode === "SCHEVENINGEN") {
    const rounds = scheveningen(roster(teams[0].snr), roster(teams[1].snr));
    const current = rounds[round - 1];
    if (!current) return { ok: false, error: { code: "roundDoesNotExist", round } };
    return { ok: true, value: current.pairings.map((p) => ({ whiteId: p.white, blackId: p.black })) };
  }
  const pairing: { ok: true; value: RoundPairing } | { ok: false; error: EngineError } =
    tournament.mode === "ROUND_ROBIN"
      ? bergerTable(teams.length)[round - 1]
        ? { ok: true, value: bergerTable(teams.length)[round - 1] }
        : { ok: false, error: { code: "roundDoesNotExist", round } }
      : pairDutch({
          players: teamRecords(teams, teamMatches(teams, games), round - 1),
          present: teams.map((t) => t.snr),
          round,
          totalRounds: tournament.plannedRounds ?? round,
          winPoints: 2,
        });
  if (!pairing.ok) return pairing;
  const boards: Board[] = pairing.value.pairings.flatMap((match) =>
    boardPairings(roster(match.white), roster(match.black)).map((p) => ({ whiteId: p.white, blackId: p.black })),
  );
  if (pairing.value.bye) boards.push(...roster(pairing.value.bye).players.map((id) => ({ whiteId: id, blackId: null })));
  return { ok: true, value: boards };
}

/**
 * Knockout boards in bracket order. Round 1: the seeded bracket of the active players (by starting
 * number), byes as boards of their own. Later rounds: the winners of the last round (a drawn game
 * goes to the player the organiser recorded), and in the final round the match for third place.
 */
function knockoutBoards(tournament: Tournament, players: Player[], games: Game[], round: number): Boards {
  const active = players.filter((p) => p.active);
  if (round === 1) {
    if (active.length < 2) return { ok: false, error: { code: "notEnoughPlayers" } };
    return {
      ok: true,
      value: knockoutFirstRound(active.length).map((m) => ({
        whiteId: active[(m.white ?? m.black)! - 1].id,
        blackId: m.white !== undefined && m.black !== undefined ? active[m.black - 1].id : null,
      })),
    };
  }
  const boardsOf = (r: number) => games.filter((g) => g.round === r).sort((a, b) => a.board - b.board);
  const previous = boardsOf(round - 1).map((g) => ({ white: g.whiteId!, black: g.blackId, winner: knockoutWinner(g) }));
  const next = nextKnockoutBoards(round, previous, boardsOf(1).length, tournament.thirdPlaceMatch);
  if (!next.ok) return next;
  return { ok: true, value: next.value.map((b) => ({ whiteId: b.white, blackId: b.black })) };
}

/** Who went through on a knockout board: the bye, the winner of the game, or the recorded winner of a draw. */
export function knockoutWinner(game: Pick<Game, "whiteId" | "blackId" | "gameResult" | "winnerId">): number | undefined {
  if (game.blackId === null) return game.whiteId ?? undefined;
  if (game.gameResult === "WHITE_WINS" || game.gameResult === "PLUS") return game.whiteId ?? undefined;
  if (game.gameResult === "BLACK_WINS" || game.gameResult === "MINUS") return game.blackId;
  return game.winnerId === game.whiteId || game.winnerId === game.blackId ? (game.winnerId ?? undefined) : undefined;
}

async function pairRound(tournament: Tournament, players: Player[], active: Player[], games: Game[], round: number, rules: Rules): Promise<EngineResult<RoundPairing>> {
  if (tournament.mode === "ROUND_ROBIN") {
    const table = bergerTable(players.length);
    const current = table[round - 1];
    if (!current) return { ok: false, error: { code: "roundDoesNotExist", round } };
    return { ok: true, value: current };
  }
  return pairDutchInThread(dutchInputOf(tournament, players, active, games, round, rules));
}

/** What the Dutch engine pairs a round from: the records before it, who plays, the organiser's pairing rules. */
export function dutchInputOf(tournament: Tournament, players: Player[], active: Player[], games: GameRow[], round: number, rules: Rules): DutchInput {
  const snr = new Map(players.map((p) => [p.id, p.snr]));
  const totalRounds = tournament.plannedRounds ?? round;
  const bySnr = players.map((p) => p.snr).sort((a, b) => a - b);
  const baku = new Map<number, Map<number, number>>();
  return {
    players: recordsOf(players, games, round - 1, rules.absences),
    present: active.map((p) => p.snr),
    round,
    totalRounds,
    forbidden: rules.forbidden.map((pair) => [snr.get(pair.firstId)!, snr.get(pair.secondId)!]),
    ...(tournament.acceleration === "BAKU"
      ? {
          acceleration: (id: number, r: number) => {
            if (!baku.has(r)) baku.set(r, bakuAcceleration(bySnr, r, totalRounds, STANDARD_POINTS));
            return baku.get(r)!.get(id) ?? 0;
          },
        }
      : {}),
  };
}

/** Removes the pairings of the last round (and the round itself). */
export async function removeLastRound(db: Db, tournamentId: number, round: number): Promise<{ ok: true } | { ok: false; error: EngineError }> {
  const last = await db.round.findFirst({ where: { tournamentId }, orderBy: { round: "desc" } });
  if (!last || last.round !== round) return { ok: false, error: { code: "roundDoesNotExist", round } };
  await db.round.delete({ where: { id: last.id } });
  publish({ tournamentId, kind: "round" });
  return { ok: true };
}

/**
 * Saves results of a round's boards (all at once) and updates its state. `winners` records who goes
 * through after a drawn knockout game ("white" or "black"; absent or "" clears the decision).
 */
export async function saveResults(db: Db, tournamentId: number, round: number, results: Map<number, GameResult>, winners = new Map<number, "white" | "black" | "">()) {
  await db.$transaction(async (tx) => {
    for (const [gameId, gameResult] of results) await tx.game.updateMany({ where: { id: gameId, tournamentId, round }, data: { gameResult } });
    for (const [gameId, side] of winners) {
      const game = await tx.game.findFirst({ where: { id: gameId, tournamentId, round }, select: { whiteId: true, blackId: true } });
      if (game) await tx.game.update({ where: { id: gameId }, data: { winnerId: side === "white" ? game.whiteId : side === "black" ? game.blackId : null } });
    }
  });
  await updateRoundState(db, tournamentId, round);
  publish({ tournamentId, round, kind: "result" });
}

async function updateRoundState(db: Db, tournamentId: number, round: number) {
  const open = await db.game.count({ where: { tournamentId, round, gameResult: "UNSET" } });
  await db.round.updateMany({ where: { tournamentId, round }, data: { state: open === 0 ? "FINISHED" : "IN_PROGRESS" } });
}
