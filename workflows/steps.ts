/**
 * The sheet-reading steps, shared by the Temporal workflows and the in-process reader: a photo is
 * scanned (layout, boxes, round and board, the recognizer's frames of every written move), then the
 * sheets of one game (both players', every page) are decoded together into a legal game.
 * Deterministic and free of I/O: everything that touches images, models or storage is an activity.
 */
import type { NotationLanguage } from "../app/chess/languages";
import type { BoxPlies } from "../worker/reader/align";
import type { DecodedGame } from "../worker/reader/decode";
import type { Region, StepResult, ValueResult, WrittenResult } from "../worker/reader/read";

export type ScanInput = { handle: string };

export type PageSummary = {
  handle: string;
  /** Storage key of the recognizer's frames for the decoding step. */
  readingKey: string;
  /** Storage key of the page seen straight on (JPEG), where the regions are; null when the layout was not found. */
  pageKey: string | null;
  layout: StepResult & { layout: string | null; page: number | null };
  boxes: StepResult;
  round: ValueResult;
  board: ValueResult;
  result: WrittenResult;
  regions: { round: Region | null; board: Region | null; result: Region | null; moves: { ply: number; region: Region }[] };
  /** What the recognizer read in each written move box, before decoding. */
  moves: { ply: number; text: string }[];
};

export type DecodeInput = {
  /** Storage keys of the readings of every page of the game's sheets (one or both players'). */
  readingKeys: string[];
  language: NotationLanguage;
  /** Moves a person confirmed or corrected, from the first ply. */
  prefix?: string[];
  /**
   * Each reading's notation language (as readingKeys; by default `language`), and whether a person chose it: where not,
   * the reader may read the page's sheet in another language its boxes fit far better.
   */
  notations?: { language: NotationLanguage; chosen: boolean }[];
};

/**
 * The game read from its sheets, the pages (indices into readingKeys) of sheets of another game it was read without, the
 * notation language each page was read in, and where each page's boxes stand in the game where a player left a move out
 * or wrote one twice (a worker of an earlier version names neither).
 */
export type DecodedSheets = DecodedGame & { otherGames: number[]; languages?: NotationLanguage[]; boxPlies?: BoxPlies };

export type SheetActivities = {
  readStoredPage(input: ScanInput): Promise<PageSummary>;
  decodeStoredGame(input: DecodeInput): Promise<DecodedSheets>;
};

/** Whether the later steps can use a page: its form and boxes were found. */
export const usablePage = (page: Pick<PageSummary, "layout" | "boxes">) => page.layout.status === 2 && page.boxes.status === 2;

export const scanSheet = (activities: SheetActivities, input: ScanInput) => activities.readStoredPage(input);

export async function decodeGame(activities: SheetActivities, input: DecodeInput): Promise<DecodedSheets | null> {
  if (input.readingKeys.length === 0) return null;
  return activities.decodeStoredGame(input);
}
