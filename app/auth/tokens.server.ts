import { randomBytes } from "node:crypto";

/** An unguessable single-use key for e-mailed links and codes (256 bits, URL-safe). */
export function newKey(): string {
  return randomBytes(32).toString("base64url");
}

export const CODE_LIFETIME_MS = 60 * 60 * 1000;

/** A key that carries when it was made ("<ms in base 36>.<random>"), for links whose age is checked. */
export function newTimedKey(now = new Date()): string {
  return `${now.getTime().toString(36)}.${newKey()}`;
}

/** Whether a timed key is older than its lifetime (keys without a time count as expired). */
export function timedKeyExpired(key: string, lifetimeMs: number, now = new Date()): boolean {
  const made = parseInt(key.split(".", 1)[0], 36);
  return !key.includes(".") || !Number.isFinite(made) || now.getTime() - made > lifetimeMs;
}

export function isExpired(created: Date, now = new Date(), lifetimeMs = CODE_LIFETIME_MS): boolean {
  return now.getTime() - created.getTime() > lifetimeMs;
}
