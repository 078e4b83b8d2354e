import type { Db } from "~/db/client.server";
import type { Tournament } from "~/generated/prisma/client";
import type { RoundExplanation } from "~/tournament/dutch/explain";
import { explainRoundInThread } from "./pairing.server";
import { absencesOf, forbiddenPairsOf } from "./pairingRules.server";
import { dutchInputOf } from "./rounds.server";

/**
 * Why a drawn Swiss round is paired as it is: the engine pairs it again from the rounds before it
 * (same players, byes and pairing rules) and explains every board. When the stored boards are not
 * the engine's (imported or changed pairings), `differs` says so and the engine's own are explained.
 */
export type DrawnRoundExplanation =
  | { ok: true; value: RoundExplanation & { differs: boolean; names: Record<number, string> } }
  | { ok: false; error: "notSwiss" | "notPairable" };

export async function explainDrawnRound(db: Db, tournament: Tournament, round: number): Promise<DrawnRoundExplanation> {
  if (tournament.mode !== "SWISS" || tournament.form !== "SINGLE_PLAYER") return { ok: false, error: "notSwiss" };
  const [players, games, absences, forbidden] = await Promise.all([
    db.player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } }),
    db.game.findMany({ where: { tournamentId: tournament.id, round: { lte: round } } }),
    absencesOf(db, tournament.id),
    forbiddenPairsOf(db, tournament.id),
  ]);
  const thisRound = games.filter((g) => g.round === round);
  const playing = new Set(thisRound.flatMap((g) => [g.whiteId, g.blackId]));
  const active = players.filter((p) => playing.has(p.id));
  const input = dutchInputOf(tournament, players, active, games.filter((g) => g.round < round), round, { absences, forbidden });
  const explained = await explainRoundInThread(input);
  if (!explained.ok) return { ok: false, error: "notPairable" };
  const snr = new Map(players.map((p) => [p.id, p.snr]));
  const stored = new Set(thisRound.map((g) => `${snr.get(g.whiteId!)}-${g.blackId ? snr.get(g.blackId) : 0}`));
  const engine = [...explained.value.boards.map((b) => `${b.white}-${b.black}`), ...(explained.value.bye ? [`${explained.value.bye.id}-0`] : [])];
  const differs = engine.length !== stored.size || engine.some((board) => !stored.has(board));
  return { ok: true, value: { ...explained.value, differs, names: Object.fromEntries(players.map((p) => [p.snr, p.name])) } };
}
