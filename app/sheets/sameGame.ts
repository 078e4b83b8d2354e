/**
 * Whether a sheet writes the moves of a game already read: the sheet's moves read alone (without the other player's
 * sheet) and the game's reading agree, ply by ply, on at least SAME_GAME_PLIES moves and SAME_GAME_SHARE of the plies
 * both hold. Two sheets of one game read alone agree on nearly every move (one sheet: 93–99% of moves right on
 * unseen hands, README "Score-sheet reader"); two games of a round part within their openings, so that a share of two
 * thirds over a dozen plies is never met by chance, and a wrong pairing would be caught by the game's own reading
 * (gamesApart in worker/reader/read.ts, more than half of the moves other).
 */
export const SAME_GAME_PLIES = 12;
export const SAME_GAME_SHARE = 2 / 3;

export function sameGame(sheet: readonly string[], game: readonly string[]): boolean {
  const both = Math.min(sheet.length, game.length);
  let agreed = 0;
  for (let ply = 0; ply < both; ply++) if (sheet[ply] === game[ply]) agreed++;
  return agreed >= SAME_GAME_PLIES && agreed >= SAME_GAME_SHARE * both;
}

/** The one game among `games` whose moves the sheet writes (sameGame), or null where none or several are. */
export function gameWritten<G extends { moves: readonly string[] }>(sheet: readonly string[], games: readonly G[]): G | null {
  const written = games.filter((game) => sameGame(sheet, game.moves));
  return written.length === 1 ? written[0] : null;
}
