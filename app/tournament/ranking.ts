import { engineError, engineOk, type EngineResult } from "./errors";

/**
 * Initial ranking (C.04.2 "initial order"): by rating as the TWZ setting says, then title,
 * then name. Players without the ratings used get the pseudo rating (if set).
 */
export type TwzSetting = "ELO_BEFORE_NWZ" | "NWZ_BEFORE_ELO" | "ELO_OR_NWZ";
export type Entrant = { key: string | number; name: string; title?: string | null; elo?: number | null; nwz?: number | null };

const TITLE_ORDER = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];

export function rankingRating(player: Entrant, twz: TwzSetting, pseudoRating?: number | null): number {
  const elo = player.elo || undefined;
  const nwz = player.nwz || undefined;
  const rating = twz === "ELO_BEFORE_NWZ" ? (elo ?? nwz) : twz === "NWZ_BEFORE_ELO" ? (nwz ?? elo) : Math.max(elo ?? 0, nwz ?? 0) || undefined;
  return rating ?? pseudoRating ?? 0;
}

export function initialRanking<T extends Entrant>(players: T[], twz: TwzSetting, pseudoRating?: number | null): T[] {
  const titleRank = (title?: string | null) => {
    const index = TITLE_ORDER.indexOf((title ?? "").toUpperCase());
    return index < 0 ? TITLE_ORDER.length : index;
  };
  return [...players].sort(
    (a, b) =>
      rankingRating(b, twz, pseudoRating) - rankingRating(a, twz, pseudoRating) ||
      titleRank(a.title) - titleRank(b.title) ||
      a.name.localeCompare(b.name),
  );
}

/** Spec §5/§8: players are fixed once a round exists or they have played. */
export function checkPlayersChangeable(roundsExist: boolean, gamesPlayed: boolean): EngineResult<true> {
  if (roundsExist) return engineError({ code: "playersLocked", reason: "roundsExist" });
  if (gamesPlayed) return engineError({ code: "playersLocked", reason: "gamesPlayed" });
  return engineOk(true);
}

/** Spec §8: a round can be drawn once, and only the next one. */
export function checkRoundDrawable(round: number, roundsDrawn: number, plannedRounds?: number | null): EngineResult<true> {
  if (round <= roundsDrawn) return engineError({ code: "pairingsAlreadyDrawn", round });
  if (round !== roundsDrawn + 1 || (plannedRounds && round > plannedRounds)) return engineError({ code: "roundDoesNotExist", round });
  return engineOk(true);
}
