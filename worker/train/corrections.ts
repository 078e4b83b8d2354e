import type { Db } from "~/db/client.server";
import type { NotationLanguage } from "~/chess/languages";
import { CLASSES, decodeClasses, encodeText } from "../reader/alphabet";
import { ctcLogLikelihood, greedyDecode } from "../reader/ctc";
import { sheetForms } from "../reader/decode";
import { FRAMES } from "../model/recognizer";
import type { Sample } from "./dataset";

/** A box a person reviewed (table reviewed_box): what the recognizer sees and the move it shows. */
export type Correction = { sheetId: number; ply: number; san: string; from?: string; notation: NotationLanguage; corrected: boolean; pixels: Uint8Array };

/** Boxes read from the database per query. */
const PAGE = 2_000;

/** Every reviewed box of this installation, oldest first. */
export async function loadCorrections(db: Db): Promise<Correction[]> {
  const out: Correction[] = [];
  for (let after = 0; ; ) {
    const rows = await db.reviewedBox.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: PAGE });
    for (const row of rows) out.push({ sheetId: row.sheetId, ply: row.ply, san: row.san, from: row.fromSquare ?? undefined, notation: row.notation, corrected: row.corrected, pixels: new Uint8Array(row.pixels) });
    if (rows.length < PAGE) return out;
    after = rows[rows.length - 1].id;
  }
}

/**
 * The sheets whose boxes are held out from training to measure it: one in five, in the order they
 * were stored (the second, the seventh, …), so that a hand's boxes are never on both sides within one
 * sheet, two sheets are enough to start, and the split stays the same as sheets are added.
 */
export function heldOutSheets(corrections: readonly Correction[]): Set<number> {
  const sheets = [...new Set(corrections.map((correction) => correction.sheetId))].sort((a, b) => a - b);
  return new Set(sheets.filter((_, i) => i % 5 === 1));
}

/**
 * Training samples of reviewed boxes: a person confirmed the move, not how it was written, so each
 * box is labelled with the written form of its move (language, check mark, capture sign, x or colon,
 * castling with zeros) that the recognizer finds likeliest in it.
 */
export function correctionSamples(corrections: readonly Correction[], logProbs: readonly Float32Array[]): Sample[] {
  return corrections.map((correction, i) => {
    const forms = sheetForms(correction.san, correction.notation, { from: correction.from, colon: true });
    const scores = forms.map((form) => ctcLogLikelihood(logProbs[i], FRAMES, CLASSES, encodeText(form)));
    const text = forms[scores.indexOf(Math.max(...scores))];
    return { pixels: correction.pixels, label: encodeText(text), text, frames: null };
  });
}

/** The share of boxes the recognizer reads exactly as one of the written forms of their move. */
export function readAsReviewed(corrections: readonly Correction[], logProbs: readonly Float32Array[]): number {
  if (corrections.length === 0) return 0;
  const right = corrections.filter((correction, i) => sheetForms(correction.san, correction.notation, { from: correction.from, colon: true }).includes(decodeClasses(greedyDecode(logProbs[i], FRAMES, CLASSES))));
  return right.length / corrections.length;
}
