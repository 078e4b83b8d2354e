import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "~/lib/config.server";

/**
 * The token a signed-in page gives its socket (spec §7: the token goes in the handshake's auth
 * field): the user's id and an expiry, signed with the session secret. It opens the socket only;
 * what the socket may follow is checked on every 'focus'.
 */
const LIFETIME_MS = 12 * 60 * 60 * 1000;

const sign = (payload: string) => createHmac("sha256", `live:${config().sessionSecret}`).update(payload).digest("base64url");

export function liveToken(userId: number, now = Date.now()): string {
  const payload = `u${userId}.${now + LIFETIME_MS}`;
  return `${payload}.${sign(payload)}`;
}

/** The user a page token names, or null (forged, expired, or not a page token). */
export function userOfLiveToken(token: string, now = Date.now()): number | null {
  const match = /^(u(\d{1,10})\.(\d{13}))\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [expected, given] = [Buffer.from(sign(match[1])), Buffer.from(match[4])];
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(match[3]) > now ? Number(match[2]) : null;
}
