import type { Db } from "~/db/client.server";
import { LONG_TRANSACTION, lockTournament, type Tx } from "~/db/locks.server";
import { MAX_PLAYERS } from "~/lib/limits";
import type { Tournament } from "~/generated/prisma/client";
import { checkPlayersChangeable, initialRanking, type TwzSetting } from "~/tournament/ranking";

export type PlayerInput = {
  name: string;
  title?: string;
  fideId?: string;
  elo?: number;
  nwz?: number;
  club?: string;
  country?: string;
  active: boolean;
};

/** Spec §5/§8: no players are added or removed once a round exists or they have played. */
export async function playersLocked(db: Pick<Db, "round" | "game">, tournamentId: number): Promise<string | null> {
  const [rounds, games] = await Promise.all([
    db.round.count({ where: { tournamentId } }),
    db.game.count({ where: { tournamentId } }),
  ]);
  const check = checkPlayersChangeable(rounds > 0, games > 0);
  return check.ok ? null : "rounds.playersLocked";
}

/** Starting numbers follow the initial ranking (TWZ setting, pseudo rating) until the first round. */
export async function renumberPlayers(db: Pick<Db, "player" | "$executeRaw">, tournament: Pick<Tournament, "id" | "twzSetting" | "pseudoRating">) {
  const players = await db.player.findMany({ where: { tournamentId: tournament.id } });
  const ranked = initialRanking(
    players.map((p) => ({ ...p, key: p.id })),
    tournament.twzSetting as TwzSetting,
    tournament.pseudoRating,
  );
  const ids = ranked.map((p) => p.id);
  const numbers = ranked.map((_, i) => i + 1);
  // Two statements (negative numbers first) so that the unique (tournament, snr) never collides in between.
  await db.$executeRaw`UPDATE player SET snr = -v.snr FROM unnest(${ids}::int[], ${numbers}::int[]) AS v(id, snr) WHERE player.id = v.id`;
  await db.$executeRaw`UPDATE player SET snr = -snr WHERE tournament_id = ${tournament.id} AND snr < 0`;
}

/** Adds players (one or an import) in one transaction, then renumbers; all or nothing. */
/**
 * Adds players (one or an import of up to MAX_PLAYERS) under the tournament's lock, in batches of
 * one transaction, then renumbers; all or nothing, and never once a round exists.
 */
export async function addPlayers(db: Db, tournament: Tournament, inputs: PlayerInput[]): Promise<{ ok: true } | { ok: false; error: string }> {
  return db.$transaction(async (tx): Promise<{ ok: true } | { ok: false; error: string }> => {
    await lockTournament(tx, tournament.id);
    const locked = await playersLocked(tx, tournament.id);
    if (locked) return { ok: false, error: locked };
    const count = await tx.player.count({ where: { tournamentId: tournament.id } });
    if (count + inputs.length > Math.min(tournament.maxPlayers ?? MAX_PLAYERS, MAX_PLAYERS)) return { ok: false, error: "players.tooMany" };
    await insertPlayers(tx, tournament.id, inputs, 1_000_000 + count);
    await renumberPlayers(tx, tournament);
    return { ok: true };
  }, LONG_TRANSACTION);
}

/** Inserts players with starting numbers from `firstSnr` on, a thousand rows a statement. */
export async function insertPlayers(tx: Tx, tournamentId: number, inputs: (PlayerInput & { snr?: number })[], firstSnr = 1) {
  for (let start = 0; start < inputs.length; start += 1000) {
    const batch = inputs.slice(start, start + 1000).map((input, i) => ({ ...input, tournamentId, snr: input.snr ?? firstSnr + start + i }));
    await tx.player.createMany({ data: batch });
  }
}

export async function updatePlayer(db: Db, tournament: Tournament, playerId: number, input: PlayerInput) {
  await db.$transaction(async (tx) => {
    await tx.player.update({ where: { id: playerId, tournamentId: tournament.id }, data: input });
    if ((await tx.round.count({ where: { tournamentId: tournament.id } })) === 0) await renumberPlayers(tx, tournament);
  });
}

export async function removeAllPlayers(db: Db, tournamentId: number): Promise<{ ok: true } | { ok: false; error: string }> {
  const locked = await playersLocked(db, tournamentId);
  if (locked) return { ok: false, error: locked };
  await db.player.deleteMany({ where: { tournamentId } });
  return { ok: true };
}
