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
  const agreed = Math.max(...APART.map((apart) => agreeing(sheet, game, apart)));
  return agreed >= SAME_GAME_PLIES && agreed >= SAME_GAME_SHARE * both;
}

/**
 * A player who left a whole move out writes the moves after it a row early (two plies), one who wrote a move twice a row
 * late: the plies that agree are counted ply by ply, and from one row on also with the sheet a row ahead or behind
 * (worker/reader/align.ts aligns the two sheets once the sheet is in its game). Without it, such a sheet agreed with
 * its game only up to the slip: on held-out sheets, half of the other players' sheets of games with a move left out
 * were left to the organiser (README, *A move left out on one player's sheet*).
 */
const APART = [0, 2, -2];

/** The most plies on which the sheet agrees with the game, ply by ply up to a row and `apart` plies apart from there on. */
function agreeing(sheet: readonly string[], game: readonly string[], apart: number): number {
  const both = Math.min(sheet.length, game.length);
  let before = 0;
  for (let ply = 0; ply < both; ply++) if (sheet[ply] === game[ply]) before++;
  if (apart === 0) return before;
  // from the last row back: the plies from `row` on that agree apart, and those before it that agree as numbered
  let best = before;
  let after = 0;
  for (let ply = sheet.length - 1; ply >= 0; ply--) {
    if (ply < both && sheet[ply] === game[ply]) before--;
    if (game[ply + apart] !== undefined && ply + apart >= 0 && sheet[ply] === game[ply + apart]) after++;
    if (ply % 2 === 0) best = Math.max(best, before + after);
  }
  return best;
}

/** The one game among `games` whose moves the sheet writes (sameGame), or null where none or several are. */
export function gameWritten<G extends { moves: readonly string[] }>(sheet: readonly string[], games: readonly G[]): G | null {
  const written = games.filter((game) => sameGame(sheet, game.moves));
  return written.length === 1 ? written[0] : null;
}
