/**
 * What the domain allows for numbers and sizes that come from outside (URLs, forms, files);
 * listed in the README ("Limits"). Anything beyond is refused with a message, never stored.
 */
/** Largest id PostgreSQL's integer columns hold. */
export const MAX_ID = 2_147_483_647;
/** Rounds of one tournament (a double round robin of 50 players has 98). */
export const MAX_ROUNDS = 100;
/** Players of one tournament (the largest opens have a few thousand). */
export const MAX_PLAYERS = 10_000;
export const MIN_RATING = 0;
export const MAX_RATING = 3500;
/** Errors reported of one imported file or pasted list; the rest are counted. */
export const MAX_REPORTED_ERRORS = 20;
/** Imported files and pasted lists, in characters. */
export const MAX_IMPORT_CHARS = 16 * 1024 * 1024;
/** Pasted pairings or results of one round, in characters. */
export const MAX_PASTED_CHARS = 1024 * 1024;

/** The first errors of a long list, and a line saying how many more there are. */
export function firstErrors(errors: string[], more: (count: number) => string): string[] {
  if (errors.length <= MAX_REPORTED_ERRORS) return errors;
  return [...errors.slice(0, MAX_REPORTED_ERRORS), more(errors.length - MAX_REPORTED_ERRORS)];
}

/** A short excerpt of bad input for a message (never the whole of it). */
export function excerpt(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** A positive integer id within PostgreSQL's integer range, or null (for any other text). */
export function toId(value: unknown, max = MAX_ID): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= max ? id : null;
}
/** a game pasted into the PGN to QR-code converter (one QR code holds at most 2,953 bytes) */
export const PGN_QR_MAX_TEXT = 20_000;
