import { randomUUID } from "node:crypto";
import svgCaptcha from "svg-captcha";
import type { Db } from "~/db/client.server";
import { isExpired } from "./tokens.server";

export type CaptchaChallenge = { id: string; svg: string };

const CAPTCHA_LIFETIME_MS = 15 * 60 * 1000;

/** Creates a CAPTCHA on the server; its text is stored and can be checked once. */
export async function createCaptcha(db: Db): Promise<CaptchaChallenge> {
  const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: "0oO1ilIg9q", background: "#f4f4f5" });
  const id = randomUUID();
  // Unanswered CAPTCHAs are kept only as long as they can be answered.
  await db.captcha.deleteMany({ where: { created: { lt: new Date(Date.now() - CAPTCHA_LIFETIME_MS) } } });
  await db.captcha.create({ data: { id, text } });
  return { id, svg: data };
}

/** What createCaptcha's ids look like: anything else (a NUL byte, which PostgreSQL's text cannot hold, say) names none. */
const CAPTCHA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks an answer and removes the CAPTCHA, so that each one is answered at most once. */
export async function checkCaptcha(db: Db, id: string, answer: string, now = new Date()): Promise<boolean> {
  if (!CAPTCHA_ID.test(id)) return false;
  const [captcha] = await db.$queryRaw<{ text: string; created: Date }[]>`
    DELETE FROM captcha WHERE id = ${id} RETURNING text, created`;
  if (!captcha || isExpired(captcha.created, now, CAPTCHA_LIFETIME_MS)) return false;
  return captcha.text.toLowerCase() === answer.trim().toLowerCase();
}
