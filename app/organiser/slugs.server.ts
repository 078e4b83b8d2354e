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

/** Remembers the slug an event or tournament had when a rename gives it a new one. */
export async function rememberFormerSlug(db: Pick<Db, "formerSlug">, eventId: number, tournamentId: number | null, before: string, after: string | undefined) {
  if (after === undefined || before === after) return;
  await db.formerSlug.create({ data: { eventId, tournamentId, slug: before } });
}

/**
 * The current slugs of what was published under an earlier event slug (and tournament slug);
 * only public tournaments are followed, so that a redirect never tells that a private one exists.
 */
export async function currentSlugs(db: Pick<Db, "formerSlug" | "event" | "tournament">, eventSlug: string, tournamentSlug?: string) {
  let event = await db.event.findUnique({ where: { slug: eventSlug }, select: { id: true, slug: true } });
  if (!event) {
    const former = await db.formerSlug.findFirst({ where: { slug: eventSlug, tournamentId: null }, orderBy: { id: "desc" }, include: { event: { select: { id: true, slug: true } } } });
    event = former?.event ?? null;
  }
  if (!event) return null;
  if (tournamentSlug === undefined) return { event: event.slug };
  const published = { visibility: { not: "PRIVATE" as const } };
  const tournament =
    (await db.tournament.findFirst({ where: { eventId: event.id, slug: tournamentSlug, ...published }, select: { slug: true } })) ??
    (await db.formerSlug.findFirst({ where: { eventId: event.id, slug: tournamentSlug, tournament: published }, orderBy: { id: "desc" }, include: { tournament: { select: { slug: true } } } }))?.tournament;
  return tournament ? { event: event.slug, tournament: tournament.slug } : null;
}
