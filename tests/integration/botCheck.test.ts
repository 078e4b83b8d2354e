import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBotChallenge, passesBotCheck } from "~/auth/botCheck.server";
import type { Db } from "~/db/client.server";
import { serverDatabase, type TestDatabase } from "./databases";

/**
 * The bot check of sign-up and contact: a proof-of-work solved as the browser's widget solves it,
 * accepted once; a forged or reused one refused; the honeypot filled in by a bot refused.
 */
let test: TestDatabase;
let db: Db;
beforeAll(async () => {
  test = await serverDatabase();
  db = test.db;
});
afterAll(() => test?.close());

async function solved(): Promise<string> {
  const { proofOfWork } = await newBotChallenge(db);
  const challenge = JSON.parse(proofOfWork) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature })).toString("base64");
}

describe("bot check", () => {
  it("a solved proof-of-work passes once; the same solution again is refused", async () => {
    const payload = await solved();
    expect(await passesBotCheck(db, { altcha: payload })).toBe(true);
    expect(await passesBotCheck(db, { altcha: payload })).toBe(false);
  });

  it("a wrong number, a forged signature or garbage is refused", async () => {
    const payload = JSON.parse(Buffer.from(await solved(), "base64").toString()) as Record<string, unknown>;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64");
    expect(await passesBotCheck(db, { altcha: encode({ ...payload, number: (payload.number as number) + 1 }) })).toBe(false);
    expect(await passesBotCheck(db, { altcha: encode({ ...payload, signature: "0".repeat(64) }) })).toBe(false);
    expect(await passesBotCheck(db, { altcha: "not base64 json" })).toBe(false);
  });

  it("a filled-in honeypot is refused even with a valid proof-of-work; nothing at all is refused", async () => {
    expect(await passesBotCheck(db, { altcha: await solved(), website: "http://spam.example" })).toBe(false);
    expect(await passesBotCheck(db, {})).toBe(false);
  });
});
