/**
 * The order of the sheet-reading steps, shared by the Temporal workflow and the in-process runner.
 * Deterministic and free of I/O: everything that touches images, models or storage is an activity.
 */
import type { NotationLanguage } from "../app/chess/languages";
import type { DecodedGame } from "../worker/reader/decode";
import type { StepResult, ValueResult } from "../worker/reader/read";

export type ReadSheetInput = {
  /** Storage keys of the photographed pages of one player's sheet, in page order. */
  handles: string[];
  /** The opponent's sheet of the same game, when uploaded: read too and used for the moves. */
  otherPlayerHandles?: string[];
  language: NotationLanguage;
};

export type PageSummary = {
  handle: string;
  /** Storage key of the recognizer's frames for the decoding step. */
  readingKey: string;
  layout: StepResult & { layout: string | null; page: number | null };
  boxes: StepResult;
  round: ValueResult;
  board: ValueResult;
  /** What the recognizer read in each written move box, before decoding. */
  moves: { ply: number; text: string }[];
};

export type SheetActivities = {
  readStoredPage(input: { handle: string }): Promise<PageSummary>;
  decodeStoredGame(input: { readingKeys: string[]; otherPlayerReadingKeys: string[]; language: NotationLanguage }): Promise<DecodedGame>;
};

export type ReadSheetResult = {
  status: "read" | "failed";
  pages: PageSummary[];
  otherPlayerPages: PageSummary[];
  game: DecodedGame | null;
};

const usable = (page: PageSummary) => page.layout.status === 2 && page.boxes.status === 2;

export async function readScoreSheet(activities: SheetActivities, input: ReadSheetInput): Promise<ReadSheetResult> {
  const [pages, otherPlayerPages] = await Promise.all([
    Promise.all(input.handles.map((handle) => activities.readStoredPage({ handle }))),
    Promise.all((input.otherPlayerHandles ?? []).map((handle) => activities.readStoredPage({ handle }))),
  ]);
  if (pages.length === 0 || !pages.every(usable)) return { status: "failed", pages, otherPlayerPages, game: null };
  const game = await activities.decodeStoredGame({
    readingKeys: pages.map((page) => page.readingKey),
    otherPlayerReadingKeys: otherPlayerPages.filter(usable).map((page) => page.readingKey),
    language: input.language,
  });
  return { status: "read", pages, otherPlayerPages, game };
}
