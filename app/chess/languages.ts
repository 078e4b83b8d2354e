/**
 * Piece letters of the eight notation languages of spec §3, in the order
 * king, queen, rook, bishop, knight, and the pawn letter used where a pawn is named.
 *
 * Sources: FIDE Laws of Chess, Appendix C.3 ("the names of the pieces ... in different
 * languages"), and each federation's own usage:
 *  - EN  English:            King, Queen, Rook, Bishop, kNight, Pawn
 *  - DE  German:             König, Dame, Turm, Läufer, Springer, Bauer
 *  - ES_IT Spanish/Italian:  Rey/Re, Dama/Donna, Torre, Alfil/Alfiere, Caballo/Cavallo, Peón/Pedone
 *  - FR  French:             Roi, Dame, Tour, Fou, Cavalier, Pion
 *  - PT  Portuguese:         Rei, Dama, Torre, Bispo, Cavalo, Peão
 *  - CZ_SK Czech/Slovak:     Král/Kráľ, Dáma, Věž/Veža, Střelec/Strelec, Jezdec/Jazdec, Pěšec/Pešiak
 *  - NL  Dutch:              Koning, Dame, Toren, Loper, Paard, Pion
 *  - TR  Turkish:            Şah, Vezir, Kale, Fil, At, Piyon
 */
export const NOTATION_LANGUAGES = ["EN", "DE", "ES_IT", "FR", "PT", "CZ_SK", "NL", "TR"] as const;
export type NotationLanguage = (typeof NOTATION_LANGUAGES)[number];

/** chess.js piece symbols. */
export type PieceType = "k" | "q" | "r" | "b" | "n" | "p";

type Letters = Record<PieceType, string>;

export const PIECE_LETTERS: Record<NotationLanguage, Letters> = {
  EN: { k: "K", q: "Q", r: "R", b: "B", n: "N", p: "P" },
  DE: { k: "K", q: "D", r: "T", b: "L", n: "S", p: "B" },
  ES_IT: { k: "R", q: "D", r: "T", b: "A", n: "C", p: "P" },
  FR: { k: "R", q: "D", r: "T", b: "F", n: "C", p: "P" },
  PT: { k: "R", q: "D", r: "T", b: "B", n: "C", p: "P" },
  CZ_SK: { k: "K", q: "D", r: "V", b: "S", n: "J", p: "P" },
  NL: { k: "K", q: "D", r: "T", b: "L", n: "P", p: "" },
  TR: { k: "Ş", q: "V", r: "K", b: "F", n: "A", p: "P" },
};

/** Letters also accepted when reading: plain-ASCII spellings of letters with diacritics. */
const READ_ALIASES: Partial<Record<NotationLanguage, Record<string, PieceType>>> = {
  TR: { S: "k" },
};

export function isNotationLanguage(value: unknown): value is NotationLanguage {
  return NOTATION_LANGUAGES.includes(value as NotationLanguage);
}

/** Upper-case letter → piece, for reading in a language (pawn letter included where the language has one). */
export function letterTable(language: NotationLanguage): Map<string, PieceType> {
  const table = new Map<string, PieceType>();
  for (const [piece, letter] of Object.entries(PIECE_LETTERS[language]) as [PieceType, string][]) {
    if (letter) table.set(letter, piece);
  }
  for (const [letter, piece] of Object.entries(READ_ALIASES[language] ?? {})) table.set(letter, piece);
  return table;
}
