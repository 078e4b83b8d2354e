import type { Db } from "~/db/client.server";
import type { Failure } from "~/auth/accounts.server";
import { eventSlug, rememberFormerSlug } from "./slugs.server";

export type EventInput = { name: string; description?: string; site?: string; startDate?: Date; endDate?: Date };
export type LinkInput = { linkUrl?: string; linkText?: string };
type Result<T> = { ok: true; value: T } | Failure;

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/** Creates an event; an organiser's event names are unique (spec §8). */
export async function createEvent(db: Db, creatorId: number, { linkUrl, linkText, ...input }: EventInput & LinkInput): Promise<Result<{ id: number }>> {
  try {
    const event = await db.event.create({
      data: { creatorId, ...input, slug: await eventSlug(db, input.name), ...(linkUrl ? { links: { create: { link: linkUrl, text: linkText || linkUrl.slice(0, 50) } } } : {}) },
    });
    return { ok: true, value: { id: event.id } };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "events.nameTaken", field: "name" };
    throw error;
  }
}

export async function updateEvent(db: Db, id: number, input: EventInput): Promise<Result<true>> {
  try {
    await db.$transaction(async (tx) => {
      const before = await tx.event.findUniqueOrThrow({ where: { id }, select: { slug: true } });
      const slug = await eventSlug(tx, input.name, id);
      await tx.event.update({ where: { id }, data: { ...input, site: input.site ?? null, slug } });
      await rememberFormerSlug(tx, id, null, before.slug, slug);
    });
    return { ok: true, value: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "events.nameTaken", field: "name" };
    throw error;
  }
}

/** Deletes an event with all its tournaments, rounds, games, players and sheets (cascade). */
export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.event.delete({ where: { id } });
}

export async function addEventLink(db: Db, eventId: number, url: string, text?: string) {
  await db.eventLink.create({ data: { eventId, link: url, text: text || url.slice(0, 50) } });
}

export async function removeEventLink(db: Db, eventId: number, linkId: number) {
  await db.eventLink.deleteMany({ where: { id: linkId, eventId } });
}
