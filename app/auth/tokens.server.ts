import { randomBytes } from "node:crypto";

/** An unguessable single-use key for e-mailed links and codes (256 bits, URL-safe). */
export function newKey(): string {
  return randomBytes(32).toString("base64url");
}

export const CODE_LIFETIME_MS = 60 * 60 * 1000;

export function isExpired(created: Date, now = new Date(), lifetimeMs = CODE_LIFETIME_MS): boolean {
  return now.getTime() - created.getTime() > lifetimeMs;
}
