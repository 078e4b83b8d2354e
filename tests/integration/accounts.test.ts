import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changeName,
  changePassword,
  confirmAccountDeletion,
  confirmEmail,
  requestAccountDeletion,
  requestPasswordReset,
  resetPassword,
  signInWithGoogle,
  signUp,
  verifySignIn,
  type SignUpInput,
} from "~/auth/accounts.server";
import { createCaptcha } from "~/auth/captcha.server";
import { MailError } from "~/lib/mail.server";
import type { Db } from "~/db/client.server";
import { seed } from "~/db/seed.server";
import { embeddedDatabase, serverDatabase, type TestDatabase } from "./databases";

const PASSWORD = "Secret-Pass1";
const TWO_HOURS_LATER = () => new Date(Date.now() + 2 * 60 * 60 * 1000);

/** The codes the flows mail, as the recipient would read them; `down` is an unreachable mail server. */
const mailed: string[] = [];
const mail = async (_user: unknown, key: string) => void mailed.push(key);
const mailKey = async (key: string) => void mailed.push(key);
const lastMailed = () => mailed.at(-1)!;
const down = async () => {
  throw new MailError("SMTP down");
};

async function captchaAnswer(db: Db) {
  const { id } = await createCaptcha(db);
  const { text } = await db.captcha.findUniqueOrThrow({ where: { id } });
  return { captchaId: id, captcha: text };
}

async function registrationCode(db: Db, code: string) {
  await db.registerCode.create({ data: { code } });
  return code;
}

async function input(db: Db, email: string, code: string): Promise<SignUpInput> {
  return {
    email,
    username: "Anna Org",
    password: PASSWORD,
    registrationCode: await registrationCode(db, code),
    locale: "de",
    ...(await captchaAnswer(db)),
  };
}

async function confirmedUser(db: Db, email: string, code: string) {
  const result = await signUp(db, await input(db, email, code), mail);
  if (!result.ok) throw new Error(result.error);
  await confirmEmail(db, lastMailed(), mail);
  return result.value.user;
}

describe.each([
  ["PostgreSQL server", serverDatabase],
  ["embedded PGlite", embeddedDatabase],
])("account flows on %s", (_name, open) => {
  let test: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    test = await open();
    db = test.db;
    await seed(db, "test");
  });
  afterAll(async () => test?.close());

  it("signs up an unconfirmed user, uses up the registration code and the CAPTCHA", async () => {
    const data = await input(db, "Anna@Example.org", "code-a");
    const result = await signUp(db, data, mail);
    expect(result.ok).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { email: "anna@example.org" }, include: { role: true } });
    expect(user).toMatchObject({ username: "Anna Org", confirmed: false, locale: "de", registrationCode: "code-a" });
    expect(user.role.name).toBe("User");
    expect(user.password).toMatch(/^\$argon2id\$/);
    expect(await db.registerCode.findUnique({ where: { code: "code-a" } })).toMatchObject({ used: true });
    expect(await db.captcha.findUnique({ where: { id: data.captchaId } })).toBeNull();
  });

  it("refuses a wrong CAPTCHA and keeps the registration code", async () => {
    const data = { ...(await input(db, "bert@example.org", "code-b")), captcha: "wrong" };
    expect(await signUp(db, data, mail)).toEqual({ ok: false, error: "auth.captchaWrong", field: "captcha" });
    expect(await db.user.findUnique({ where: { email: "bert@example.org" } })).toBeNull();
    expect(await db.registerCode.findUnique({ where: { code: "code-b" } })).toMatchObject({ used: false });
  });

  it("removes CAPTCHAs that can no longer be answered when a new one is made", async () => {
    await db.captcha.create({ data: { id: "stale", text: "abc", created: new Date(Date.now() - 16 * 60 * 1000) } });
    await createCaptcha(db);
    expect(await db.captcha.findUnique({ where: { id: "stale" } })).toBeNull();
  });

  it("accepts a CAPTCHA only once", async () => {
    const data = await input(db, "carl@example.org", "code-c");
    expect((await signUp(db, data, mail)).ok).toBe(true);
    const again = { ...data, email: "carl2@example.org", registrationCode: await registrationCode(db, "code-c2") };
    expect(await signUp(db, again, mail)).toMatchObject({ ok: false, error: "auth.captchaWrong" });
  });

  it("refuses an unknown or used registration code without creating the user", async () => {
    const unknown = { ...(await input(db, "dora@example.org", "code-d")), registrationCode: "nope" };
    expect(await signUp(db, unknown, mail)).toEqual({ ok: false, error: "auth.registrationCodeInvalid", field: "registrationCode" });
    const used = { ...(await input(db, "dora@example.org", "code-d2")), registrationCode: "code-a" };
    expect(await signUp(db, used, mail)).toMatchObject({ ok: false, error: "auth.registrationCodeInvalid" });
    expect(await db.user.findUnique({ where: { email: "dora@example.org" } })).toBeNull();
  });

  it("refuses a second account with the same e-mail in any letter case", async () => {
    const data = { ...(await input(db, "ANNA@example.org", "code-e")) };
    expect(await signUp(db, data, mail)).toEqual({ ok: false, error: "auth.emailTaken", field: "email" });
    expect(await db.registerCode.findUnique({ where: { code: "code-e" } })).toMatchObject({ used: false });
  });

  it("refuses sign-in until the e-mail is confirmed, and confirms only once", async () => {
    const result = await signUp(db, await input(db, "eva@example.org", "code-f"), mail);
    if (!result.ok) throw new Error(result.error);
    const confirmationKey = lastMailed();
    expect(await verifySignIn(db, "eva@example.org", PASSWORD)).toEqual({ ok: false, error: "auth.confirmFirst" });
    expect(await verifySignIn(db, "eva@example.org", "Wrong-Pass1")).toEqual({ ok: false, error: "auth.credentialsIncorrect" });
    expect(await verifySignIn(db, "nobody@example.org", PASSWORD)).toEqual({ ok: false, error: "auth.credentialsIncorrect" });
    expect((await confirmEmail(db, confirmationKey, mail)).ok).toBe(true);
    expect(await confirmEmail(db, confirmationKey, mail)).toEqual({ ok: false, error: "auth.confirmationInvalid" });
    const signedIn = await verifySignIn(db, "EVA@example.org", PASSWORD);
    expect(signedIn.ok && signedIn.value.lastLogin).toBeInstanceOf(Date);
  });

  it("a confirmation link expires after a week; opening it then mails a new one, and only that one confirms", async () => {
    const result = await signUp(db, await input(db, "late@example.org", "code-late"), mail);
    if (!result.ok) throw new Error(result.error);
    const old = lastMailed();
    const weekLater = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await confirmEmail(db, old, mail, weekLater)).toEqual({ ok: false, error: "auth.confirmationExpired" });
    const fresh = lastMailed();
    expect(fresh).not.toBe(old);
    expect(await confirmEmail(db, old, mail)).toEqual({ ok: false, error: "auth.confirmationInvalid" });
    expect((await confirmEmail(db, fresh, mail)).ok).toBe(true);
  });

  it("resets a password with a single-use code that expires after an hour", async () => {
    await confirmedUser(db, "finn@example.org", "code-g");
    // an unknown address gets the same answer as a known one, and no mail
    const before = mailed.length;
    expect(await requestPasswordReset(db, "ghost@example.org", mail)).toEqual({ ok: true, value: true });
    expect(mailed.length).toBe(before);
    await requestPasswordReset(db, "finn@example.org", mail);
    const expired = lastMailed();
    expect(await resetPassword(db, expired, "Newer-Pass2", TWO_HOURS_LATER())).toEqual({ ok: false, error: "reset.codeExpired" });
    await requestPasswordReset(db, "finn@example.org", mail);
    const key = lastMailed();
    expect((await resetPassword(db, key, "Newer-Pass2")).ok).toBe(true);
    expect(await resetPassword(db, key, "Other-Pass3")).toEqual({ ok: false, error: "reset.codeInvalid" });
    expect(await resetPassword(db, "unknown-key", "Other-Pass3")).toEqual({ ok: false, error: "reset.codeInvalid" });
    expect((await verifySignIn(db, "finn@example.org", "Newer-Pass2")).ok).toBe(true);
    expect((await verifySignIn(db, "finn@example.org", PASSWORD)).ok).toBe(false);
  });

  it("changes the name, and the password only with the current one", async () => {
    const user = await confirmedUser(db, "gina@example.org", "code-h");
    expect((await changeName(db, user.id, "  Gina_K ")).username).toBe("Gina_K");
    expect(await changePassword(db, user.id, "Wrong-Pass1", "Brand-New9!")).toEqual({
      ok: false,
      error: "auth.passwordIncorrect",
      field: "currentPassword",
    });
    expect((await changePassword(db, user.id, PASSWORD, "Brand-New9!")).ok).toBe(true);
    expect((await verifySignIn(db, "gina@example.org", "Brand-New9!")).ok).toBe(true);
  });

  it("deletes an account in two steps, with everything the user organised", async () => {
    const user = await confirmedUser(db, "hans@example.org", "code-i");
    const event = await db.event.create({ data: { creatorId: user.id, name: "Open 2026", slug: "Open-2026" } });
    const tournament = await db.tournament.create({ data: { creatorId: user.id, eventId: event.id, name: "A", slug: "A" } });
    const white = await db.player.create({ data: { tournamentId: tournament.id, snr: 1, name: "White" } });
    const black = await db.player.create({ data: { tournamentId: tournament.id, snr: 2, name: "Black" } });
    const round = await db.round.create({ data: { tournamentId: tournament.id, round: 1 } });
    await db.game.create({ data: { tournamentId: tournament.id, roundId: round.id, round: 1, board: 1, whiteId: white.id, blackId: black.id } });
    await db.sheetImageEntry.create({ data: { tournamentId: tournament.id, handle: `sheet-${user.id}`, name: "s.jpg", fileSize: 10 } });

    expect(await requestAccountDeletion(db, user.id, down)).toEqual({ ok: false, error: "mail.failed" });
    expect(await requestAccountDeletion(db, user.id, mailKey)).toEqual({ ok: true, value: true });
    const first = { value: { key: lastMailed() } };
    expect(await requestAccountDeletion(db, user.id, mailKey)).toEqual({ ok: false, error: "deletion.alreadyRequested" });
    expect(await confirmAccountDeletion(db, first.value.key, TWO_HOURS_LATER())).toEqual({ ok: false, error: "deletion.codeExpired" });
    expect(await confirmAccountDeletion(db, "unknown")).toEqual({ ok: false, error: "deletion.codeInvalid" });
    // the tournaments whose sheet files go too
    expect(await confirmAccountDeletion(db, first.value.key)).toEqual({ ok: true, value: { userId: user.id, tournamentIds: [tournament.id] } });
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.event.count({ where: { id: event.id } })).toBe(0);
    expect(await db.tournament.count({ where: { id: tournament.id } })).toBe(0);
    expect(await db.game.count({ where: { tournamentId: tournament.id } })).toBe(0);
    expect(await db.sheetImageEntry.count({ where: { tournamentId: tournament.id } })).toBe(0);
    expect(await confirmAccountDeletion(db, first.value.key)).toEqual({ ok: false, error: "deletion.codeInvalid" });
  });

  it("with the mail server down, sign-up keeps nothing: no account, the registration code unused", async () => {
    const data = await input(db, "mail-down@example.org", "code-down");
    expect(await signUp(db, data, down)).toEqual({ ok: false, error: "mail.failed" });
    expect(await db.user.findUnique({ where: { email: "mail-down@example.org" } })).toBeNull();
    expect(await db.registerCode.findUnique({ where: { code: "code-down" } })).toMatchObject({ used: false });
    expect(await requestPasswordReset(db, "finn@example.org", down)).toEqual({ ok: false, error: "mail.failed" });
  });

  it("signs in with Google only into an existing account, which it links", async () => {
    expect(await signInWithGoogle(db, "g-1", "stranger@example.org")).toEqual({ ok: false, error: "auth.noAccount" });
    const user = await confirmedUser(db, "ida@example.org", "code-j");
    const linked = await signInWithGoogle(db, "g-2", "Ida@example.org");
    expect(linked.ok && linked.value.id).toBe(user.id);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).googleId).toBe("g-2");
  });
});
