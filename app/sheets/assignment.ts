import { VALUE_DETECTION } from "./status";

/**
 * When a scanned sheet goes to its pairing without asking the organiser: its round and board numbers,
 * each given by the arbiter with the upload (sure) or read, together at least AUTO_ASSIGN_CONFIDENCE sure
 * (the product of the read ones' confidences). Any other sheet waits for the organiser (unconfirmed).
 */
export const AUTO_ASSIGN_CONFIDENCE = 0.8;

type Read = { value: number | null; confidence: number };
/** What the arbiter set with the upload (spec §4 code 5), null where nothing was set. */
export type GivenNumbers = { round: number | null; board: number | null };

/**
 * The pairing a sheet goes to by itself, or null. With the numbers read by both recognizers (worker/reader/read.ts
 * readNumber), on held-out sheets outside the benchmark 97 of 165 pages went by themselves at 0.5, one to a wrong pairing
 * (read by the header recognizer alone: 117, 14 of them wrong; README, "Two readers for the round and board numbers").
 * Numbers in real people's digits were read wrongly at 0.60–0.80 together: at 0.8, 86 of 264 held-out pages (hands'
 * own digits and real ones) go by themselves, 1 to a wrong pairing, against 128 and 5 at 0.5 (README, "Real people's
 * digits, and pale writing").
 */
export function sureNumbers(read: { round: Read; board: Read }, given: GivenNumbers = { round: null, board: null }): { round: number; board: number } | null {
  const round = given.round ?? read.round.value;
  const board = given.board ?? read.board.value;
  const confidence = (given.round === null ? read.round.confidence : 1) * (given.board === null ? read.board.confidence : 1);
  return round !== null && board !== null && confidence >= AUTO_ASSIGN_CONFIDENCE ? { round, board } : null;
}

/** A game's sheets of one page: white's and black's. */
export const SHEETS_PER_PAGE = 2;

type Placed = { id: number; page: number };
type Coloured = Placed & { player: "UNKNOWN" | "WHITE" | "BLACK" };
/**
 * Whether a game's sheets (`held`) already hold both players' sheets of `sheet`'s page, that sheet apart: another
 * read as the same is a misread number or a photo taken again, which the organiser decides.
 */
export const holdsBothSheets = (held: readonly Placed[], sheet: Placed) => held.filter((other) => other.id !== sheet.id && other.page === sheet.page).length >= SHEETS_PER_PAGE;

/**
 * Why a sheet the organiser assigns cannot go to a game holding `held`, as a message key, or null: the game already
 * holds both players' sheets of its page, or the sheet of its player on that page. The organiser unlinks the other
 * first (a photo taken again, a sheet assigned to the wrong pairing before).
 */
export function assignmentConflict(held: readonly Coloured[], sheet: Coloured): "sheets.pageHoldsBoth" | "sheets.colourTaken" | null {
  if (holdsBothSheets(held, sheet)) return "sheets.pageHoldsBoth";
  const taken = sheet.player !== "UNKNOWN" && held.some((other) => other.id !== sheet.id && other.page === sheet.page && other.player === sheet.player);
  return taken ? "sheets.colourTaken" : null;
}

/** The message of a sheet sent back to the organiser as another game's (sheetsToSendBack): no reading failed. */
export const OTHER_GAME = "sheets.otherGame";

/** A sheet of a game: whether the reader put it there, or a person. */
type PlacedBy = { id: number; byReader: boolean };

const setByPerson = (status: number) => status === VALUE_DETECTION.confirmed || status === VALUE_DETECTION.manual;
/** The reader put a sheet in its pairing where its round or board is as read: neither given with the upload nor confirmed. */
export const placedByReader = (sheet: { roundDetectionStatus: number; boardDetectionStatus: number }) => !setByPerson(sheet.roundDetectionStatus) || !setByPerson(sheet.boardDetectionStatus);

/**
 * Which of a game's sheets go back to the organiser (unconfirmed) when the game was read without some of them as
 * sheets of another game (gamesApart, worker/reader/read.ts): those of them the reader put there. Where a person put every one of
 * them there, the person's word stands and the sheets the reader put there, which the game was read from, go back
 * instead: one of the two is in the wrong pairing.
 */
export function sheetsToSendBack(sheets: readonly PlacedBy[], otherGame: ReadonlySet<number>): number[] {
  const foreign = sheets.filter((sheet) => otherGame.has(sheet.id));
  const byReader = foreign.filter((sheet) => sheet.byReader);
  if (byReader.length > 0 || foreign.length === 0) return byReader.map((sheet) => sheet.id);
  return sheets.filter((sheet) => !otherGame.has(sheet.id) && sheet.byReader).map((sheet) => sheet.id);
}
