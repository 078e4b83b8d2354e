import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Db } from "~/db/client.server";
import { config } from "~/lib/config.server";
import { checkCaptcha, createCaptcha, type CaptchaChallenge } from "./captcha.server";

/**
 * The bot check of the sign-up and contact forms, with no third-party script: with JavaScript the
 * browser solves a proof-of-work (ALTCHA: a SHA-256 search signed by the server, each solution
 * accepted once); without it the visitor reads a CAPTCHA image. A hidden honeypot field that people
 * leave empty catches simple bots either way.
 */
export type BotChallenge = { captcha: CaptchaChallenge; proofOfWork: string };

export const HONEYPOT_FIELD = "website";
const POW_MINUTES = 20;
/** Numbers a browser searches at most (a few hundred milliseconds on a phone). */
const POW_MAX_NUMBER = 50_000;

export async function newBotChallenge(db: Db): Promise<BotChallenge> {
  const challenge = await createChallenge({
    hmacKey: config().sessionSecret,
    maxNumber: POW_MAX_NUMBER,
    expires: new Date(Date.now() + POW_MINUTES * 60_000),
  });
  return { captcha: await createCaptcha(db), proofOfWork: JSON.stringify(challenge) };
}

export type BotAnswer = { altcha?: string; captchaId?: string; captcha?: string; website?: string };

/** Whether a human sent the form: the honeypot is empty and the proof-of-work or the CAPTCHA is right. */
export async function passesBotCheck(db: Db, answer: BotAnswer): Promise<boolean> {
  if (answer.website) return false;
  if (answer.altcha) return usedOnce(db, answer.altcha);
  if (answer.captchaId && answer.captcha) return checkCaptcha(db, answer.captchaId, answer.captcha);
  return false;
}

/** A valid, unexpired solution, accepted once: its signature is recorded among the answered challenges. */
async function usedOnce(db: Db, payload: string): Promise<boolean> {
  if (payload.length > 2000) return false;
  const valid = await verifySolution(payload, config().sessionSecret).catch(() => false);
  if (!valid) return false;
  let signature: string;
  try {
    signature = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature: string }).signature;
  } catch {
    return false;
  }
  const expires = Number(extractParams(payload).expires);
  const inserted = await db.$executeRaw`
    INSERT INTO captcha (id, text, created) VALUES (${`pow:${signature}`}, '', ${new Date(expires * 1000)}) ON CONFLICT (id) DO NOTHING`;
  return inserted === 1;
}
