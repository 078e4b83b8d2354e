import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

/** The engine's games (worker/train/games.ts), committed. */
export const ENGINE_GAMES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "engine-games.json.gz");
/** A game is played to its end or this many plies, the most the two-page form holds. */
export const ENGINE_GAME_PLIES = 240;
/**
 * The benchmark's sheets (0 on) take the games from the first, the sheets where choices are made (1000 on) from this one
 * on; the move prior's weights of what a move does are fit on these (worker/train/traits.ts), never on the benchmark's.
 */
export const CHOICE_GAMES = 128;

let games: string[][] | undefined;

/** The engine's games (SAN from the start), as worker/train/games.ts played them. */
export function engineGames(): string[][] {
  games ??= JSON.parse(gunzipSync(readFileSync(ENGINE_GAMES_FILE)).toString("utf8")) as string[][];
  return games;
}

/**
 * The game (SAN from the start) that held-out sheet `index` writes when its games are the engine's: whole games of
 * Stockfish held to a club player's strength, standing in for real games' middlegames. The benchmark's sheets and
 * the sheets where choices are made (index 1000 on) write different games, up to 128 sheets of each (beyond, the
 * games come round again).
 */
export function engineGame(index: number): string[] {
  const all = engineGames();
  return all[(index >= 1000 ? CHOICE_GAMES + index - 1000 : index) % all.length];
}
