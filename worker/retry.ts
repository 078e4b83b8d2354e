import { setTimeout as sleep } from "node:timers/promises";

/** The longest wait between two tries (ms). */
const LONGEST_WAIT_MS = 15_000;

/**
 * `attempt` tried until it succeeds, waiting `firstWaitMs` after the first failure and twice as long after each next one
 * (at most LONGEST_WAIT_MS), each failure logged: a worker started with its cluster (`docker compose up`) may come up
 * before the Temporal server answers, and would otherwise stop at once (Temporal's client refuses within milliseconds)
 * and be restarted again and again.
 */
export async function untilItWorks<T>(what: string, attempt: () => Promise<T>, log: (line: string) => void = console.warn, firstWaitMs = 1000): Promise<T> {
  for (let wait = firstWaitMs; ; wait = Math.min(2 * wait, LONGEST_WAIT_MS)) {
    try {
      return await attempt();
    } catch (error) {
      log(`${what} failed (${error instanceof Error ? error.message : String(error)}); trying again in ${wait / 1000} s`);
      await sleep(wait);
    }
  }
}
