import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "~/db/client.server";

/**
 * Failed sign-ins per e-mail and client address: after 5 failures within 15 minutes, sign-in for
 * that pair is refused for 15 minutes. Counted in the database, so a restart does not reset them
 * (the server's per-address limit on every sign-in is in server/rateLimits.ts).
 */
let limiter: { db: ReturnType<typeof db>; counter: RateLimiterPrisma } | undefined;

function failures() {
  if (limiter?.db !== db()) {
    const counter = new RateLimiterPrisma({ storeClient: db(), tableName: "rateLimit", keyPrefix: "signInFailures", points: 5, duration: 15 * 60, blockDuration: 15 * 60 });
    limiter = { db: db(), counter };
  }
  return limiter.counter;
}

export function signInKey(email: string, clientAddress: string | undefined): string {
  return `${email.trim().toLowerCase().slice(0, 254)}|${clientAddress ?? "local"}`;
}

/** Minutes until the next try is allowed, or 0 when signing in may be tried now. */
export async function signInBlockedMinutes(key: string): Promise<number> {
  const state = await failures().get(key);
  if (!state || state.remainingPoints > 0) return 0;
  return Math.max(1, Math.ceil(state.msBeforeNext / 60000));
}

export async function recordFailedSignIn(key: string): Promise<void> {
  await failures()
    .consume(key)
    .catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    });
}

export async function clearFailedSignIns(key: string): Promise<void> {
  await failures().delete(key);
}
