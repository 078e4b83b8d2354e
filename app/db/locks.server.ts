import type { Db } from "./client.server";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Serialises changes to one tournament: the row lock is held until the transaction ends, so a
 * round drawn and a player added at the same moment happen one after the other, never interleaved.
 */
export async function lockTournament(tx: Tx, tournamentId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM tournament WHERE id = ${tournamentId} FOR UPDATE`;
}

/** Long work (a pairing of thousands, an import of 10,000 players) may hold its transaction this long. */
export const LONG_TRANSACTION = { timeout: 120_000, maxWait: 30_000 };
