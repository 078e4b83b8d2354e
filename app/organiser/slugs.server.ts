import type { Db } from "~/db/client.server";
import { freeSlug, slug } from "~/lib/slug";

type SlugDb = Pick<Db, "event" | "tournament">;

/** A public address for an event that no other event has (another organiser may use the same name). */
export async function eventSlug(db: SlugDb, name: string, eventId?: number): Promise<string> {
  const base = slug(name);
  const taken = await db.event.findMany({ where: { slug: { startsWith: base }, NOT: eventId ? { id: eventId } : undefined }, select: { slug: true } });
  return freeSlug(base, taken.map((e) => e.slug));
}

/** A public address for a tournament, unique within its event. */
export async function tournamentSlug(db: SlugDb, eventId: number, name: string, tournamentId?: number): Promise<string> {
  const base = slug(name);
  const taken = await db.tournament.findMany({
    where: { eventId, slug: { startsWith: base }, NOT: tournamentId ? { id: tournamentId } : undefined },
    select: { slug: true },
  });
  return freeSlug(base, taken.map((t) => t.slug));
}
