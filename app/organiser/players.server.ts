import type { Db } from "~/db/client.server";
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
export async function playersLocked(db: Db, tournamentId: number): Promise<string | null> {
  const [rounds, games] = await Promise.all([
    db.round.count({ where: { tournamentId } }),
    db.game.count({ where: { tournamentId } }),
  ]);
  const check = checkPlayersChangeable(rounds > 0, games > 0);
  return check.ok ? null : "rounds.playersLocked";
}

/** Starting numbers follow the initial ranking (TWZ setting, pseudo rating) until the first round. */
export async function renumberPlayers(db: Pick<Db, "player">, tournament: Pick<Tournament, "id" | "twzSetting" | "pseudoRating">) {
  const players = await db.player.findMany({ where: { tournamentId: tournament.id } });
  const ranked = initialRanking(
    players.map((p) => ({ ...p, key: p.id })),
    tournament.twzSetting as TwzSetting,
    tournament.pseudoRating,
  );
  // Two passes so that the unique (tournament, snr) never collides in between.
  for (const [i, player] of ranked.entries()) await db.player.update({ where: { id: player.id }, data: { snr: -(i + 1) } });
  for (const [i, player] of ranked.entries()) await db.player.update({ where: { id: player.id }, data: { snr: i + 1 } });
}

/** Adds players (one or an import) in one transaction, then renumbers; all or nothing. */
export async function addPlayers(db: Db, tournament: Tournament, inputs: PlayerInput[]): Promise<{ ok: true } | { ok: false; error: string }> {
  const locked = await playersLocked(db, tournament.id);
  if (locked) return { ok: false, error: locked };
  const count = await db.player.count({ where: { tournamentId: tournament.id } });
  if (tournament.maxPlayers && count + inputs.length > tournament.maxPlayers) return { ok: false, error: "players.tooMany" };
  await db.$transaction(async (tx) => {
    let snr = 100_000 + count;
    for (const input of inputs) await tx.player.create({ data: { ...input, tournamentId: tournament.id, snr: snr++ } });
    await renumberPlayers(tx, tournament);
  });
  return { ok: true };
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
