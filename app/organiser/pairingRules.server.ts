import type { Db } from "~/db/client.server";
import { lockTournament } from "~/db/locks.server";
import type { AbsenceKind, Acceleration, Tournament } from "~/generated/prisma/client";
import { MAX_ROUNDS } from "~/lib/limits";

/**
 * The Swiss pairing rules an organiser sets beside the system itself: Baku acceleration, pairs of
 * players who must not meet (same family or club), and rounds players announced they will miss
 * (a half-point bye or an absence without points). Changes are checked under the tournament's
 * lock against the rounds already drawn; errors are translation keys.
 */
export const MAX_FORBIDDEN_PAIRS = 1000;
type Result = { ok: true } | { ok: false; error: string };

export const ABSENCE_POINTS: Record<AbsenceKind, number> = { HALF_POINT: 0.5, ZERO_POINT: 0 };

export type AbsenceRow = { playerId: number; round: number; kind: AbsenceKind };

export function absencesOf(db: Pick<Db, "playerAbsence">, tournamentId: number): Promise<AbsenceRow[]> {
  return db.playerAbsence.findMany({ where: { tournamentId }, select: { playerId: true, round: true, kind: true } });
}

export function forbiddenPairsOf(db: Pick<Db, "forbiddenPair">, tournamentId: number) {
  return db.forbiddenPair.findMany({ where: { tournamentId }, select: { firstId: true, secondId: true } });
}

/** Everything the pairing-rules page shows, players named. */
export async function pairingRulesOf(db: Db, tournamentId: number) {
  const [forbidden, absences, drawn] = await Promise.all([
    db.forbiddenPair.findMany({
      where: { tournamentId },
      select: { id: true, first: { select: { snr: true, name: true } }, second: { select: { snr: true, name: true } } },
      orderBy: { id: "asc" },
    }),
    db.playerAbsence.findMany({
      where: { tournamentId },
      select: { id: true, round: true, kind: true, player: { select: { snr: true, name: true } } },
      orderBy: [{ round: "asc" }, { player: { snr: "asc" } }],
    }),
    db.round.count({ where: { tournamentId } }),
  ]);
  return { forbidden, absences, drawn };
}

export async function setAcceleration(db: Db, tournament: Tournament, acceleration: Acceleration): Promise<Result> {
  return db.$transaction(async (tx) => {
    await lockTournament(tx, tournament.id);
    if ((await tx.round.count({ where: { tournamentId: tournament.id } })) > 0) return { ok: false, error: "pairingRules.accelerationLocked" };
    await tx.tournament.update({ where: { id: tournament.id }, data: { acceleration } });
    return { ok: true };
  });
}

export async function addForbiddenPair(db: Db, tournamentId: number, a: number, b: number): Promise<Result> {
  const [first, second] = a < b ? [a, b] : [b, a];
  return db.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    if ((await tx.player.count({ where: { tournamentId, id: { in: [first, second] } } })) !== 2) return { ok: false, error: "pairingRules.unknownPlayer" };
    if (await tx.forbiddenPair.findUnique({ where: { firstId_secondId: { firstId: first, secondId: second } } })) return { ok: false, error: "pairingRules.pairExists" };
    if ((await tx.forbiddenPair.count({ where: { tournamentId } })) >= MAX_FORBIDDEN_PAIRS) return { ok: false, error: "pairingRules.tooManyPairs" };
    await tx.forbiddenPair.create({ data: { tournamentId, firstId: first, secondId: second } });
    return { ok: true };
  });
}

export async function removeForbiddenPair(db: Db, tournamentId: number, id: number): Promise<boolean> {
  return (await db.forbiddenPair.deleteMany({ where: { id, tournamentId } })).count === 1;
}

/** An absence is announced for a round not drawn yet, at most the planned rounds. */
export async function addAbsence(db: Db, tournament: Tournament, playerId: number, round: number, kind: AbsenceKind): Promise<Result> {
  return db.$transaction(async (tx) => {
    await lockTournament(tx, tournament.id);
    if (!(await tx.player.count({ where: { tournamentId: tournament.id, id: playerId } }))) return { ok: false, error: "pairingRules.unknownPlayer" };
    const drawn = await tx.round.count({ where: { tournamentId: tournament.id } });
    if (round <= drawn) return { ok: false, error: "pairingRules.roundDrawn" };
    if (round > (tournament.plannedRounds ?? MAX_ROUNDS)) return { ok: false, error: "pairingRules.roundNotPlanned" };
    if (await tx.playerAbsence.findUnique({ where: { playerId_round: { playerId, round } } })) return { ok: false, error: "pairingRules.absenceExists" };
    await tx.playerAbsence.create({ data: { tournamentId: tournament.id, playerId, round, kind } });
    return { ok: true };
  });
}

/** Absences of rounds already drawn stay: they are part of what was played. */
export async function removeAbsence(db: Db, tournamentId: number, id: number): Promise<Result> {
  return db.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const absence = await tx.playerAbsence.findFirst({ where: { id, tournamentId } });
    if (!absence) return { ok: false, error: "pairingRules.notFound" };
    if (absence.round <= (await tx.round.count({ where: { tournamentId } }))) return { ok: false, error: "pairingRules.roundDrawn" };
    await tx.playerAbsence.delete({ where: { id } });
    return { ok: true };
  });
}
