import type { PgnError } from "./pgn";
import type { MoveError } from "./read";

/**
 * Translation key and values of a chess error (locales: chess.errors.*, chess.pgn.*),
 * so that every screen shows the spec's messages in the user's language.
 */
export function moveErrorMessage(error: MoveError): { key: string; values: Record<string, string> } {
  const { code, ...rest } = error;
  const values = Object.fromEntries(
    Object.entries(rest).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]),
  );
  return { key: `chess.errors.${code}`, values };
}

export function pgnErrorMessage(error: PgnError): { key: string; values: Record<string, string> } {
  return {
    key: `chess.pgn.${error.code}`,
    values: { game: String(error.game), players: error.players, move: error.move ?? "" },
  };
}
