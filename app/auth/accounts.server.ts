import type { Db } from "~/db/client.server";
import type { User } from "~/generated/prisma/client";
import { MailError } from "~/lib/mail.server";
import { passesBotCheck, type BotAnswer } from "./botCheck.server";
import { hashPassword, verifyPassword } from "./password.server";
import { endSessionsOf } from "./sessions.server";
import { isExpired, newKey, newTimedKey, timedKeyExpired } from "./tokens.server";

/**
 * Account flows (spec §2, §4, §5, §8) as plain functions over the database.
 * Failures are returned as translation keys of locales/{en,de}/common.json.
 */
export type Failure<K extends string = string> = { ok: false; error: K; field?: string };
export type Result<T> = { ok: true; value: T } | Failure;

const fail = (error: string, field?: string): Failure => ({ ok: false, error, field });
const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const ROLE_ADMIN = "Admin";
export const ROLE_USER = "User";

export type SignUpInput = BotAnswer & {
  email: string;
  username: string;
  password: string;
  registrationCode: string;
  locale: string;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The bot check's failure: the CAPTCHA's message when one was answered, else the general one. */
export function botCheckFailure(answer: BotAnswer): Failure {
  return answer.altcha || !answer.captcha ? fail("auth.botCheckFailed") : fail("auth.captchaWrong", "captcha");
}

/**
 * Signs up: the bot check, then the registration code, and only then whether the e-mail is taken
 * (nobody learns which addresses have accounts without a valid code). The account is created and
 * the code spent in one transaction, together with `confirm` (the confirmation mail): if the mail
 * cannot be sent, nothing is kept.
 */
export async function signUp(
  db: Db,
  input: SignUpInput,
  confirm: (user: User, confirmationKey: string) => Promise<void>,
): Promise<Result<{ user: User }>> {
  if (!(await passesBotCheck(db, input))) return botCheckFailure(input);
  const code = await db.registerCode.findFirst({ where: { code: input.registrationCode.trim(), used: false }, select: { code: true } });
  if (!code) return fail("auth.registrationCodeInvalid", "registrationCode");
  const email = normalizeEmail(input.email);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return fail("auth.emailTaken", "email");
  const passwordHash = await hashPassword(input.password);
  const confirmationKey = newTimedKey();
  try {
    const user = await db.$transaction(async (tx) => {
      const code = await tx.registerCode.updateMany({
        where: { code: input.registrationCode.trim(), used: false },
        data: { used: true },
      });
      if (code.count !== 1) throw new FlowError("auth.registrationCodeInvalid", "registrationCode");
      const role = await tx.role.upsert({ where: { name: ROLE_USER }, create: { name: ROLE_USER }, update: {} });
      const created = await tx.user.create({
        data: {
          email,
          username: input.username.trim(),
          password: passwordHash,
          roleId: role.id,
          confirmationKey,
          registrationCode: input.registrationCode.trim(),
          locale: input.locale,
        },
      });
      await confirm(created, confirmationKey);
      return created;
    }, MAIL_TRANSACTION);
    return ok({ user });
  } catch (error) {
    if (error instanceof FlowError) return fail(error.key, error.field);
    if (isUniqueViolation(error)) return fail("auth.emailTaken", "email");
    if (error instanceof MailError) return fail("mail.failed");
    throw error;
  }
}

/** Confirmation links work for a week. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Confirms an account once. An expired link is replaced by a new one, mailed with `resend` (the old
 * link stops working), so that an account whose mail was read late can still be confirmed.
 */
export async function confirmEmail(db: Db, key: string, resend: (user: User, key: string) => Promise<void>, now = new Date()): Promise<Result<User>> {
  if (!key || key.length > 200) return fail("auth.confirmationInvalid");
  const user = await db.user.findUnique({ where: { confirmationKey: key } });
  if (!user || user.confirmed) return fail("auth.confirmationInvalid");
  if (timedKeyExpired(key, CONFIRMATION_LIFETIME_MS, now)) {
    const fresh = newTimedKey(now);
    const replaced = await db.user.updateMany({ where: { id: user.id, confirmationKey: key }, data: { confirmationKey: fresh } });
    if (replaced.count === 1) await resend(user, fresh);
    return fail("auth.confirmationExpired");
  }
  const confirmed = await db.user.updateMany({ where: { id: user.id, confirmationKey: key }, data: { confirmed: true, confirmationKey: null } });
  if (confirmed.count !== 1) return fail("auth.confirmationInvalid");
  return ok(await db.user.findUniqueOrThrow({ where: { id: user.id } }));
}

export async function verifySignIn(db: Db, emailInput: string, password: string): Promise<Result<User>> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  if (!user || !(await verifyPassword(user.password, password))) return fail("auth.credentialsIncorrect");
  if (!user.confirmed) return fail("auth.confirmFirst");
  return ok(await db.user.update({ where: { id: user.id }, data: { lastLogin: new Date() } }));
}

/** Google sign-in: links an existing account with the same e-mail; never creates one (sign-up needs a code). */
export async function signInWithGoogle(db: Db, googleId: string, emailInput: string): Promise<Result<User>> {
  const byGoogle = await db.user.findUnique({ where: { googleId } });
  const user = byGoogle ?? (await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } }));
  if (!user) return fail("auth.noAccount");
  return ok(
    await db.user.update({ where: { id: user.id }, data: { googleId, confirmed: true, lastLogin: new Date() } }),
  );
}

/** A mail sent inside a transaction may take this long; if it fails, the transaction is undone. */
const MAIL_TRANSACTION = { timeout: 30_000, maxWait: 10_000 };

/**
 * E-mails a reset code. Unknown addresses get the same answer as known ones (no account can be
 * found out this way); the code is stored only when its mail was sent.
 */
export async function requestPasswordReset(db: Db, emailInput: string, send: (user: User, key: string) => Promise<void>): Promise<Result<true>> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  if (!user) return ok(true);
  try {
    await db.$transaction(async (tx) => {
      const key = newKey();
      await tx.resetPasswordCode.create({ data: { userId: user.id, confirmationKey: key } });
      await send(user, key);
    }, MAIL_TRANSACTION);
  } catch (error) {
    if (error instanceof MailError) return fail("mail.failed");
    throw error;
  }
  return ok(true);
}

/** Whether an e-mailed reset code can still be used: unknown or used → invalid; older than an hour → expired. */
export async function checkResetCode(db: Db, key: string, now = new Date()): Promise<Result<{ userId: number }>> {
  const code = await db.resetPasswordCode.findUnique({ where: { confirmationKey: key } });
  if (!code || code.used) return fail("reset.codeInvalid");
  if (isExpired(code.created, now)) return fail("reset.codeExpired");
  return ok({ userId: code.userId });
}

export async function resetPassword(db: Db, key: string, password: string, now = new Date()): Promise<Result<User>> {
  const code = await checkResetCode(db, key, now);
  if (!code.ok) return code;
  const passwordHash = await hashPassword(password);
  // The code is spent by a single-use update: of two resets with one code, only one succeeds.
  // Every session of the account ends: whoever knew the old password is signed out.
  const user = await db.$transaction(async (tx) => {
    const spent = await tx.resetPasswordCode.updateMany({ where: { confirmationKey: key, used: false }, data: { used: true } });
    if (spent.count !== 1) return null;
    await tx.resetPasswordCode.updateMany({ where: { userId: code.value.userId, used: false }, data: { used: true } });
    await endSessionsOf(tx, code.value.userId);
    return tx.user.update({ where: { id: code.value.userId }, data: { password: passwordHash, confirmed: true } });
  });
  return user ? ok(user) : fail("reset.codeInvalid");
}

export async function changeName(db: Db, userId: number, username: string): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { username: username.trim() } });
}

/** Changes the password and ends the account's other sessions (the one that changed it stays). */
export async function changePassword(db: Db, userId: number, current: string, next: string, keepSession?: string): Promise<Result<User>> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.password && !(await verifyPassword(user.password, current))) {
    return fail("auth.passwordIncorrect", "currentPassword");
  }
  const password = await hashPassword(next);
  return ok(
    await db.$transaction(async (tx) => {
      await endSessionsOf(tx, userId, keepSession);
      return tx.user.update({ where: { id: userId }, data: { password } });
    }),
  );
}

/** E-mails a deletion code; the code is stored only when its mail was sent. */
export async function requestAccountDeletion(db: Db, userId: number, send: (key: string) => Promise<void>, now = new Date()): Promise<Result<true>> {
  const pending = await db.accountDeletionCode.findFirst({ where: { userId, used: false }, orderBy: { created: "desc" } });
  if (pending && !isExpired(pending.created, now)) return fail("deletion.alreadyRequested");
  try {
    await db.$transaction(async (tx) => {
      const key = newKey();
      await tx.accountDeletionCode.create({ data: { userId, confirmationKey: key } });
      await send(key);
    }, MAIL_TRANSACTION);
  } catch (error) {
    if (error instanceof MailError) return fail("mail.failed");
    throw error;
  }
  return ok(true);
}

export async function checkDeletionCode(db: Db, key: string, now = new Date()): Promise<Result<{ userId: number }>> {
  const code = await db.accountDeletionCode.findUnique({ where: { confirmationKey: key } });
  if (!code || code.used) return fail("deletion.codeInvalid");
  if (isExpired(code.created, now)) return fail("deletion.codeExpired");
  return ok({ userId: code.userId });
}

/**
 * Deletes the account of the code; its events, tournaments, games and sheets go with it (cascade).
 * Answers the ids of the tournaments deleted, whose sheet files the caller removes from the storage.
 */
export async function confirmAccountDeletion(db: Db, key: string, now = new Date()): Promise<Result<{ userId: number; tournamentIds: number[] }>> {
  const code = await checkDeletionCode(db, key, now);
  if (!code.ok) return code;
  const tournaments = await db.tournament.findMany({ where: { event: { creatorId: code.value.userId } }, select: { id: true } });
  const deleted = await db.user.deleteMany({ where: { id: code.value.userId } });
  if (deleted.count !== 1) return fail("deletion.failed");
  return ok({ userId: code.value.userId, tournamentIds: tournaments.map((t) => t.id) });
}

class FlowError extends Error {
  constructor(
    readonly key: string,
    readonly field?: string,
  ) {
    super(key);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
