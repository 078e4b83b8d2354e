import { NOTATION_LANGUAGES, type NotationLanguage } from "~/chess/languages";
import type { DecodedGame, DecodeOptions } from "./decode";
import { readGame, sheetLanguage, sheetsOf, type PageMoves } from "./read";

/**
 * A sheet read in its given language with at least this share of its moves flagged (or as an unfamiliar hand) may be
 * written in another: read in a language not its writer's, a sheet has nearly every move flagged (README, *A sheet
 * written in another notation language*). Only such sheets are read in the other languages, so that a sheet read well
 * costs nothing more (one player's sheet alone) or its opening read once more (a sheet beside the other player's).
 */
const DOUBTFUL_SHARE = 0.5;
/**
 * Another language is taken where the sheet's boxes fit the game read in it better than in the given language by at
 * least this much a move (natural log): a sheet's own language fits them better by 0.5–8 a move, and languages one piece
 * letter apart (French, Spanish/Italian and Portuguese; German and Dutch) come within 0.31 of each other.
 */
const LANGUAGE_MARGIN = 1;

/**
 * A sheet is tried in the languages on its first this many plies: twenty moves name their pieces often enough to tell
 * the language, and a hand the reader is lost on costs a whole game's decoding in every language otherwise.
 */
const TRIAL_PLIES = 40;
/**
 * The other languages are tried following this many games, not the decoder's 128: on the benchmark's cursive and Debian's
 * hands the same languages were found and the same moves read as on 128, decoding a quarter faster (README). The given language
 * is read with the full beam, so that a narrower beam losing the right game never takes a sheet away from it.
 */
const TRIAL_BEAM = 16;

/** How well a game read fits its boxes, a move (its likelihood, log). */
const fitPerMove = (game: DecodedGame) => game.logLikelihood / Math.max(1, game.moves.length);
const doubtful = (game: DecodedGame) => game.unfamiliarHand || game.moves.filter((move) => move.flagged).length >= DOUBTFUL_SHARE * game.moves.length;
/** The opening of a game read (its first TRIAL_PLIES plies), for whether it is doubtful. */
const openingOf = (game: DecodedGame): DecodedGame => ({ ...game, moves: game.moves.filter((move) => move.ply < TRIAL_PLIES) });

/**
 * The pages with the notation language each sheet is written in: a players' sheet whose moves, read in the language it
 * was given (its pages' `language`, else `language`, the game's), are mostly in doubt is read alone in every language,
 * and takes the one whose game fits its boxes best where that fits them better by LANGUAGE_MARGIN a move. Pages whose
 * language a person chose (`chosen`, by index) keep it, as does every page once a person confirmed moves (`prefix`).
 * `read`, the game already read from all the pages in their given languages, tells whether one player's sheet alone is
 * doubtful without reading its opening again (a sheet beside the other player's is read alone: the other's boxes may
 * carry the moves of a sheet in the wrong language).
 */
export function withFoundLanguages(pages: readonly PageMoves[], language: NotationLanguage, chosen: ReadonlySet<number>, options: DecodeOptions = {}, read?: DecodedGame): PageMoves[] {
  const sheets = sheetsOf(pages);
  if (options.prefix?.length || (read && sheets.length === 1 && !doubtful(openingOf(read)))) return [...pages];
  const found = new Map<PageMoves, NotationLanguage>();
  for (const sheet of sheets) {
    if (sheet.some((page) => chosen.has(pages.indexOf(page)))) continue;
    const given = sheetLanguage(sheet, language);
    const written = writtenLanguage(sheet, given, options);
    if (written !== given) for (const page of sheet) found.set(page, written);
  }
  return pages.map((page) => {
    const written = found.get(page);
    return written ? { ...page, language: written } : page;
  });
}

/**
 * The language the sheet is written in, as its opening (TRIAL_PLIES) tells: the given one unless the opening read in it
 * is doubtful and read in another fits the boxes better by LANGUAGE_MARGIN a move.
 */
function writtenLanguage(sheet: readonly PageMoves[], given: NotationLanguage, options: DecodeOptions): NotationLanguage {
  const opening = sheet.flatMap((page) => {
    const moves = page.moves.filter((move) => move.ply < TRIAL_PLIES);
    return moves.length ? [{ moves }] : [];
  });
  const read = (written: NotationLanguage, beamWidth?: number) => readGame(opening, written, { ...options, prefix: [], before: undefined, unsure: undefined, beamWidth });
  const first = read(given);
  if (!doubtful(first)) return given;
  const fits = NOTATION_LANGUAGES.filter((other) => other !== given).map((other) => ({ language: other, fit: fitPerMove(read(other, TRIAL_BEAM)) }));
  const best = fits.reduce((a, b) => (b.fit > a.fit ? b : a));
  return best.fit >= fitPerMove(first) + LANGUAGE_MARGIN ? best.language : given;
}
