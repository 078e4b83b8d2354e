import type { NotationLanguage } from "~/chess/languages";
import { openedRow, type Renumbered } from "./align";
import { partingPly, withUnsure, type DecodedGame, type DecodeOptions } from "./decode";
import { readGame, sheetsOf, type PageMoves } from "./read";

/**
 * A player who leaves a whole move out (his and his opponent's: a row of the form) writes every later move a row early.
 * Read as numbered, his sheet's game is most often legal as written up to the first move that needs the one left out
 * (a piece moved again from where the missing move took it); from there the decoder reads moves the boxes do not show,
 * and every move after the slip stands two plies early: on held-out fonts a third of the moves not flagged were wrong
 * (README, *A move left out on a sheet read alone*). The rows where the game read as numbered first goes
 * wrong are where the slip shows: the game is read there as if the row had been left out (the row's two plies held by no
 * box, chosen by what the moves after them need and the move prior), and kept where it is far likelier.
 */

/** The rows tried: where the game read as numbered has a move flagged after a stretch without (the first this many such rows). */
const TRIED_ROWS = 4;
/** Flagged rows closer than this to the flagged row before them are one stretch of doubt, tried once (at its first). */
const DOUBT_STRETCH = 3;
/** How many rows from the tried one a trial reads: the moves that need the one left out come within a few rows of the slip. */
const TRIAL_ROWS = 8;
/** A trial's beam (decode.ts's BEAM_WIDTH then 128): on held-out sheets 32 found the same slips as 128, 16 fewer (README). */
const TRIAL_BEAM = 32;
/**
 * The game read with a row left out must fit its boxes better by at least this (natural log) than the game read as
 * numbered, the two plies no box shows (each a move the prior chooses, about e^-3.5) included: on held-out sheets
 * without a slip no row read so gained more than 9 (the last rows of a game, not tried), and slips gained 12–310.
 */
const LEFT_OUT_LIKELIER = 12;
/**
 * Where exactly the move was left out one sheet rarely tells: the moves around it stand as well before as after the two
 * it lacks. Every row whose trial comes within this of the best one's (up to DOUBT_BEFORE rows before it, and in its
 * trial's rows after it) may be where the writer slipped, and every move from the first such row to the last is flagged.
 */
const SAME_FIT = 5;
const DOUBT_BEFORE = 12;
/**
 * The beam of the game read as numbered again before a row is read left out (4 × decode.ts's BEAM_WIDTH): on a sheet of
 * Debian's hands without a slip, a beam of 128 lost the game in a hard endgame stretch (-521, 93 moves right), a row
 * read left out there fitted better (-475), and 512 games found the game (-467, 99 right): any beam may lose a game,
 * a wider one more seldom.
 */
const CHECK_BEAM = 2048;
/** The game's last rows are not tried: reading them a row later frees their boxes from the game before them. */
const LAST_ROWS = 2;

export type RowLeftOut = { opened: Renumbered; game: DecodedGame; unsure: Set<number> };

/**
 * A sheet read alone (one player's) whose `game`, read as numbered, goes wrong where a row left out would explain it:
 * the pages with the boxes from that row on two plies later (openedRow), the game read so, and its `unsure` plies (from
 * the first row where the move may have been left out to the last, and the two plies no box shows), flagged. Null where the sheet
 * is not alone, its hand is unfamiliar, no row read so fits the boxes LEFT_OUT_LIKELIER better, or the game read so reads
 * other moves than `game` before the row before the one left out (as its trials do not).
 */
export function rowLeftOut(pages: readonly PageMoves[], game: DecodedGame, language: NotationLanguage, options: DecodeOptions): RowLeftOut | null {
  if (sheetsOf(pages).length !== 1 || game.unfamiliarHand || options.prefix?.length) return null;
  /** How much better the boxes up to row `end` fit with row `row` left out than as numbered, both read after the game's moves before it. */
  const gain = (row: number, end: number) => {
    const prefix = game.moves.slice(0, Math.max(0, 2 * (row - 1))).map((move) => move.san);
    const trial = { ...options, beamWidth: TRIAL_BEAM, prefix, before: undefined, unsure: undefined };
    const upTo = (read: readonly PageMoves[]) => read.map((page) => ({ ...page, moves: page.moves.filter((move) => move.ply < 2 * end) }));
    const [opened, asNumbered] = [upTo(openedRow(pages, row).pages), upTo(pages)].map((read) => ({ read, game: readGame(read, language, trial) }));
    // a trial whose game ends before its last box (a mate, or no legal move) fits fewer boxes: it gains nothing
    return [opened, asNumbered].every(({ read, game }) => game.moves.length > lastBox(read)) ? opened.game.logLikelihood - asNumbered.game.logLikelihood : -Infinity;
  };
  const tried = triedRows(game).map((row) => ({ row, gain: gain(row, row + TRIAL_ROWS) }));
  const best = tried.reduce<(typeof tried)[number] | undefined>((a, b) => (b.gain > (a?.gain ?? -Infinity) ? b : a), undefined);
  if (!best || best.gain < LEFT_OUT_LIKELIER) return null;
  const opened = openedRow(pages, best.row);
  const read = readGame(opened.pages, language, options);
  if (read.unfamiliarHand || read.moves.length !== game.moves.length + 2 || read.logLikelihood < game.logLikelihood + LEFT_OUT_LIKELIER) return null;
  // a move left out moves only the boxes after it: the trials read the moves before as numbered, and a game that
  // reads others there won by reading the boxes otherwise, not by the row (README, *A row left out that read the game
  // before it otherwise*)
  if (partingPly(read, game) < 2 * (best.row - 1)) return null;
  // the game read as numbered with a wider beam: where the beam lost the game in a stretch hard to read, a row read left
  // out there found it again, and won by that alone
  if (read.logLikelihood < readGame(pages, language, { ...options, beamWidth: CHECK_BEAM }).logLikelihood + LEFT_OUT_LIKELIER) return null;
  const end = best.row + TRIAL_ROWS;
  const alike = (row: number) => gain(row, end) >= best.gain - SAME_FIT;
  let [first, last] = [best.row, best.row];
  for (let row = best.row - 1; row >= Math.max(1, best.row - DOUBT_BEFORE); row--) if (alike(row)) first = row;
  for (let row = best.row + 1; row < end - 1; row++) if (alike(row)) last = row;
  // from the first row it may have been left out before to the last, and the row after it (both plies of each)
  const unsure = new Set(Array.from({ length: 2 * (last - first + 2) }, (_, i) => 2 * first + i));
  return { opened, game: withUnsure(read, unsure), unsure };
}

/** The ply of the pages' last box. */
const lastBox = (pages: readonly PageMoves[]) => Math.max(-1, ...pages.flatMap((page) => page.moves.map((move) => move.ply)));

/** The rows to try: the first row of each stretch of flagged moves, past the first row and before the game's last rows. */
function triedRows(game: DecodedGame): number[] {
  const rows = Math.ceil(game.moves.length / 2);
  const flagged = [...new Set(game.moves.filter((move) => move.flagged).map((move) => move.ply >> 1))].sort((a, b) => a - b);
  return flagged.filter((row, i) => i === 0 || row - flagged[i - 1] >= DOUBT_STRETCH).filter((row) => row > 0 && row < rows - LAST_ROWS).slice(0, TRIED_ROWS);
}
