import { z } from "zod";
import { MAX_PLAYERS, MAX_ROUNDS } from "~/lib/limits";
import { NOTATIONS } from "./organiser";

/** Forms of the score-sheet screens (spec §2, §5): messages are translation keys. */
const number = (max: number) => z.coerce.number({ error: "validation.number" }).int("validation.number").min(1, "validation.number").max(max, "validation.number");

/** Upload: the photos are checked by their bytes on the server; consent to processing them is required (spec §5). */
export const uploadSchema = z.object({
  consent: z.literal("on", { error: "sheets.consentRequired" }),
  notation: z.enum(NOTATIONS).optional(),
  /** What the arbiter knows of the photographed sheets (the scanning app); else the header decides. */
  round: number(MAX_ROUNDS).optional(),
  board: number(MAX_PLAYERS).optional(),
});

export const SHEET_COLOURS = ["UNKNOWN", "WHITE", "BLACK"] as const;

/** Verify, adjust, reassign: the pairing (round and board) and which player's sheet and page it is. */
export const assignSchema = z.object({
  sheet: number(2 ** 31 - 1),
  round: number(MAX_ROUNDS),
  board: number(MAX_PLAYERS),
  colour: z.enum(SHEET_COLOURS).default("UNKNOWN"),
  page: number(2),
});

export const notationSchema = z.object({ sheet: number(2 ** 31 - 1), notation: z.enum(NOTATIONS) });

/** A move corrected in review, typed in the tournament's notation (checked by the chess core). */
export const correctionSchema = z.object({
  ply: z.coerce.number({ error: "validation.number" }).int().min(0).max(1000),
  move: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(40, "validation.tooLong"),
});

/** Sheets listed at once; filters (round, state) narrow a big tournament's list down. */
export const SHEET_LIST_MAX = 500;

/** The sheet states of spec §4, in the order a sheet goes through them. */
export const SHEET_STATES = ["UPLOADING", "UPLOADED", "QUEUED", "SCANNING", "PROCESSED", "UNCONFIRMED", "ASSIGNED", "DONE"] as const;

export const sheetFilterSchema = z.object({
  round: number(MAX_ROUNDS).optional().catch(undefined),
  state: z.enum(SHEET_STATES).optional().catch(undefined),
  attention: z.literal("on").optional().catch(undefined),
});

/** A device exchanging a connection code (the app's API): the code and how the device calls itself. */
export const connectSchema = z.object({
  code: z.string().trim().min(1, "validation.required").max(32, "devices.codeInvalid"),
  deviceName: z.string().trim().min(1, "validation.required").max(50, "validation.tooLong"),
  deviceType: z.string().trim().min(1, "validation.required").max(30, "validation.tooLong"),
});
