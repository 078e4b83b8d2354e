import { randomInt } from "node:crypto";
import type { Db } from "~/db/client.server";
import type { ViewCodeType } from "~/generated/prisma/client";

/**
 * View codes (spec §3 view_code, §6 "read-only access can be granted to one or many users or
 * devices"): the organiser hands out a code; whoever opens /view/{code} may read the tournament,
 * private or not (TOURNAMENT), or the tournament with its games, without the games password (GAMES).
 * The grant lives in the visitor's session and ends when the organiser revokes the code.
 */
export const MAX_VIEW_CODES = 10;
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 12;

export function newViewCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

export function normaliseViewCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, "").slice(0, 32);
}

export async function createViewCode(db: Db, tournamentId: number, type: ViewCodeType): Promise<{ ok: true; code: string } | { ok: false; error: string }> {
  if ((await db.viewCode.count({ where: { tournamentId } })) >= MAX_VIEW_CODES) return { ok: false, error: "viewCodes.tooMany" };
  const code = newViewCode();
  await db.viewCode.create({ data: { code, tournamentId, type } });
  return { ok: true, code };
}

export function viewCodesOf(db: Db, tournamentId: number) {
  return db.viewCode.findMany({ where: { tournamentId }, orderBy: { created: "asc" } });
}

export async function revokeViewCode(db: Db, tournamentId: number, code: string): Promise<boolean> {
  return (await db.viewCode.deleteMany({ where: { tournamentId, code: normaliseViewCode(code) } })).count > 0;
}

/** Opens a code: where it leads (the tournament's public address), counted as one more user. */
export async function redeemViewCode(db: Db, text: string) {
  const code = normaliseViewCode(text);
  const found = await db.viewCode.findUnique({ where: { code }, include: { tournament: { select: { slug: true, event: { select: { slug: true } } } } } });
  if (!found) return null;
  await db.viewCode.update({ where: { code }, data: { devices: { increment: 1 } } });
  return { code, tournamentId: found.tournamentId, eventSlug: found.tournament.event.slug, tournamentSlug: found.tournament.slug };
}

export type ViewGrant = { games: boolean };

/** What the codes a visitor holds still grant (revoked codes grant nothing), by tournament. */
export async function grantsOf(db: Db, codes: string[]): Promise<Map<number, ViewGrant>> {
  const grants = new Map<number, ViewGrant>();
  if (!codes.length) return grants;
  for (const row of await db.viewCode.findMany({ where: { code: { in: codes.slice(0, 20) } }, select: { tournamentId: true, type: true } })) {
    grants.set(row.tournamentId, { games: (grants.get(row.tournamentId)?.games ?? false) || row.type === "GAMES" });
  }
  return grants;
}
