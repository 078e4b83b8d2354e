import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";

/**
 * Sign-in sessions kept in the database (Epic Stack's model): the cookie carries only a random
 * session id, so a session ends for good when its row is deleted — on sign-out, a password change
 * or reset, account deletion (cascade) or 'sign out everywhere'.
 */
export const SESSION_DAYS = 30;

export async function startSession(db: Db, userId: number, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.session.create({ data: { id, userId, expires: new Date(now.getTime() + SESSION_DAYS * 86_400_000) } });
  return id;
}

/** The user of a live session, or null for an unknown, revoked or expired one. */
export async function sessionUser(db: Db, sessionId: unknown, now = new Date()) {
  if (typeof sessionId !== "string" || sessionId.length > 64) return null;
  const session = await db.session.findUnique({ where: { id: sessionId }, include: { user: { include: { role: true } } } });
  if (!session || session.expires <= now) return null;
  return session.user;
}

export async function endSession(db: Db, sessionId: unknown): Promise<void> {
  if (typeof sessionId === "string") await db.session.deleteMany({ where: { id: sessionId } });
}

/** Ends every session of a user but one (the browser that changed the password stays signed in). */
export async function endSessionsOf(db: Pick<Db, "session">, userId: number, keep?: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  return count;
}

/** Expired rows are removed now and then (at start-up). */
export async function removeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.session.deleteMany({ where: { expires: { lte: now } } });
}
