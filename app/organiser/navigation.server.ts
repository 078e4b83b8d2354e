import type { Db } from "~/db/client.server";

/**
 * Automatic navigation (spec §2): the last round if rounds exist, otherwise the tournament,
 * otherwise the event (group), otherwise the dashboard — for the organiser's most recently
 * changed event.
 */
export async function automaticTarget(db: Db, userId: number): Promise<string> {
  const event = await db.event.findFirst({ where: { creatorId: userId }, orderBy: { lastUpdated: "desc" } });
  if (!event) return "/webapp/dashboard";
  const tournament = await db.tournament.findFirst({ where: { eventId: event.id }, orderBy: { lastUpdated: "desc" } });
  if (!tournament) return `/webapp/event/${event.id}`;
  const round = await db.round.findFirst({ where: { tournamentId: tournament.id }, orderBy: { round: "desc" } });
  if (!round) return `/webapp/tournament/${event.id}/${tournament.id}`;
  return `/webapp/round/${event.id}/${tournament.id}/${round.round}`;
}

/** The menu of the current event: its tournaments with their players link and rounds. */
export async function eventMenu(db: Db, eventId: number, userId: number, admin: boolean) {
  const event = await db.event.findUnique({
    where: { id: eventId },
    select: {
      id: true,
      name: true,
      creatorId: true,
      tournaments: {
        orderBy: [{ orderValue: "asc" }, { id: "asc" }],
        select: { id: true, name: true, rounds: { orderBy: { round: "asc" }, select: { round: true } } },
      },
    },
  });
  if (!event || (event.creatorId !== userId && !admin)) return null;
  return { id: event.id, name: event.name, tournaments: event.tournaments.map((t) => ({ id: t.id, name: t.name, rounds: t.rounds.map((r) => r.round) })) };
}
