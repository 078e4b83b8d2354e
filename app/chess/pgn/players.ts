import { tag, type PgnGame } from "./types";

/** A player as named in PGN tags, for the player import. */
export type PgnPlayer = { name: string; title?: string; elo?: number; fideId?: string; team?: string };

function toRating(value: string | undefined): number | undefined {
  const rating = Number(value);
  return Number.isInteger(rating) && rating > 0 ? rating : undefined;
}

const clean = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed && trimmed !== "?" && trimmed !== "-" ? trimmed : undefined;
};

/** The distinct players of the games (by name), with the highest rating and first title, id and team seen. */
export function playersFromGames(games: readonly PgnGame[]): PgnPlayer[] {
  const players = new Map<string, PgnPlayer>();
  for (const game of games) {
    for (const side of ["White", "Black"] as const) {
      const name = clean(tag(game, side));
      if (!name) continue;
      const seen = players.get(name) ?? { name };
      const elo = toRating(tag(game, `${side}Elo`));
      if (elo && (!seen.elo || elo > seen.elo)) seen.elo = elo;
      seen.title ??= clean(tag(game, `${side}Title`));
      seen.fideId ??= clean(tag(game, `${side}FideId`));
      seen.team ??= clean(tag(game, `${side}Team`));
      players.set(name, seen);
    }
  }
  return [...players.values()].sort((a, b) => (b.elo ?? 0) - (a.elo ?? 0) || a.name.localeCompare(b.name));
}
