import { PIECE_LETTERS, type NotationLanguage, type PieceType } from "./languages";

const letter = (language: NotationLanguage, english: string) =>
  PIECE_LETTERS[language][english.toLowerCase() as PieceType];

/** Writes a move given in standard (English) SAN with the piece letters of a language. */
export function printMove(san: string, language: NotationLanguage): string {
  if (language === "EN" || san.startsWith("O-O")) return san;
  return san
    .replace(/^[KQRBN]/, (piece) => letter(language, piece))
    .replace(/=([QRBN])/, (_, piece: string) => `=${letter(language, piece)}`);
}
