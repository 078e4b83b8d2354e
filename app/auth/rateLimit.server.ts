import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Failed sign-ins per e-mail and client address: after 5 failures within 15 minutes,
 * sign-in for that pair is refused for 15 minutes.
 */
const limiter = new RateLimiterMemory({ points: 5, duration: 15 * 60, blockDuration: 15 * 60 });

export function signInKey(email: string, request: Request, clientAddress: string | undefined): string {
  return `${email.trim().toLowerCase()}|${clientAddress ?? request.headers.get("x-forwarded-for") ?? "local"}`;
}

/** Minutes until the next try is allowed, or 0 when signing in may be tried now. */
export async function signInBlockedMinutes(key: string): Promise<number> {
  const state = await limiter.get(key);
  if (!state || state.remainingPoints > 0) return 0;
  return Math.max(1, Math.ceil(state.msBeforeNext / 60000));
}

export async function recordFailedSignIn(key: string): Promise<void> {
  await limiter.consume(key).catch((error: unknown) => {
    if (!(error instanceof RateLimiterRes)) throw error;
  });
}

export async function clearFailedSignIns(key: string): Promise<void> {
  await limiter.delete(key);
}
