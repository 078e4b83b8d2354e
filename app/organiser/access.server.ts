import { json } from "@remix-run/node";
import { isAdmin, requireUser, type SessionUser } from "~/auth/user.server";
import { db } from "~/db/client.server";

/**
 * Who may see and change an event and everything in it: its creator and admins (spec §6).
 * Checked in every organiser loader and action; others get HTTP 403
 * 'You do not have access to this tournament.'; unknown ids get 404.
 */
export function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw json("error.tournamentMissing", { status: 404 });
  return id;
}

export function mayOrganise(user: SessionUser, creatorId: number): boolean {
  return user.id === creatorId || isAdmin(user);
}

export async function requireEvent(request: Request, gid: string | undefined) {
  const user = await requireUser(request);
  const event = await db().event.findUnique({ where: { id: parseId(gid) } });
  if (!event) throw json("error.tournamentMissing", { status: 404 });
  if (!mayOrganise(user, event.creatorId)) throw json("error.noAccess", { status: 403 });
  return { user, event };
}

export async function requireTournament(request: Request, gid: string | undefined, tid: string | undefined) {
  const { user, event } = await requireEvent(request, gid);
  const tournament = await db().tournament.findUnique({ where: { id: parseId(tid) } });
  if (!tournament || tournament.eventId !== event.id) throw json("error.tournamentMissing", { status: 404 });
  return { user, event, tournament };
}
