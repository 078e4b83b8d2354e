import { json } from "@remix-run/node";
import { isAdmin, requireUser, type SessionUser } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { logAdminAction } from "~/admin/admin.server";
import { MAX_ID, MAX_ROUNDS, toId } from "~/lib/limits";

/**
 * Who may see and change an event and everything in it: its creator and admins (spec §6).
 * Checked in every organiser loader and action; others get HTTP 403
 * 'You do not have access to this tournament.'; unknown ids get 404.
 */
export function parseId(value: string | undefined, max = MAX_ID): number {
  const id = toId(value, max);
  if (id === null) throw json("error.tournamentMissing", { status: 404 });
  return id;
}

/** A round number from a URL: 1 to the tournament's planned rounds (at most MAX_ROUNDS), else 404. */
export function parseRound(value: string | undefined, tournament: { plannedRounds: number | null }): number {
  return parseId(value, Math.min(MAX_ROUNDS, tournament.plannedRounds ?? MAX_ROUNDS));
}

export function mayOrganise(user: SessionUser, creatorId: number): boolean {
  return user.id === creatorId || isAdmin(user);
}

export async function requireEvent(request: Request, gid: string | undefined) {
  const user = await requireUser(request);
  const event = await db().event.findUnique({ where: { id: parseId(gid) } });
  if (!event) throw json("error.tournamentMissing", { status: 404 });
  if (!mayOrganise(user, event.creatorId)) throw json("error.noAccess", { status: 403 });
  // an admin acting in another user's event: what they change is logged (spec §2 user switcher)
  if (user.id !== event.creatorId && !["GET", "HEAD"].includes(request.method)) await logAdminAction(db(), user.id, event.creatorId, request);
  return { user, event };
}

export async function requireTournament(request: Request, gid: string | undefined, tid: string | undefined) {
  const { user, event } = await requireEvent(request, gid);
  const tournament = await db().tournament.findUnique({ where: { id: parseId(tid) } });
  if (!tournament || tournament.eventId !== event.id) throw json("error.tournamentMissing", { status: 404 });
  return { user, event, tournament };
}
