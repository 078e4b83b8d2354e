/**
 * Score sheets on forms that are not Kiebitz's, read with their boxes' positions supplied (`npm run read`,
 * worker/reader/supplied.ts): held-out hands writing their benchmark games on a club's own form (worker/synth/otherForm.ts),
 * for each form and kind of hand: moves right, flagged, unflagged right, games entirely right.
 * Run: npm run bench:other-forms [-- --sheets 8 --kinds fonts,print,cursive --forms 8x40@11.8,6x30@5.9]
 * (`--forms`: rows' height x boxes' width in mm @ the scan's px/mm; 11.8 px/mm is 300 dpi; then optionally /writing's height in
 * mm, whatever the rows' — 6x30@5.9/7.5: writing that leaves its boxes —, and `bold` for lines of 0.5 mm in black)
 */
import { parseArgs } from "node:util";
import { loadRecognizers, recognizerHead } from "../../worker/model/recognizer";
import { loadMovePrior } from "../../worker/reader/prior";
import { scoreGame } from "../../worker/reader/score";
import { readSuppliedPage } from "../../worker/reader/supplied";
import { readGameAdaptedToWriter } from "../../worker/reader/writer";
import { HELD_OUT_HANDS, type HeldOutKind } from "../../worker/synth/heldout";
import { otherFormSheet, type OtherForm } from "../../worker/synth/otherForm";

const { values } = parseArgs({ options: { sheets: { type: "string", default: "8" }, kinds: { type: "string", default: "fonts,print,cursive" }, forms: { type: "string", default: "8x40@11.8,6x30@5.9" } } });
const SHEETS = Number(values.sheets);
if (!(SHEETS >= 1 && SHEETS <= 500)) throw new Error(`--sheets: 1 to 500, not ${values.sheets}`);
const KINDS = values.kinds!.split(",") as HeldOutKind[];
for (const kind of KINDS) if (!(kind in HELD_OUT_HANDS)) throw new Error(`--kinds: ${Object.keys(HELD_OUT_HANDS).join(", ")}, not ${kind}`);
const FORMS: OtherForm[] = values.forms!.split(",").map((form) => {
  const refused = new Error(`--forms: rows x boxes (mm, 4–15 x 15–60) @ px/mm (3–24) [/ writing's height (mm, 2–15)] [bold], as 8x40@11.8 or 6x30@5.9/7.5bold, not ${form}`);
  const match = form.match(/^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)@(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?(bold)?$/);
  if (!match) throw refused;
  const [rowMm, boxMm, pxPerMm] = match.slice(1, 4).map(Number);
  const writingMm = match[4] === undefined ? undefined : Number(match[4]);
  if (!(rowMm >= 4 && rowMm <= 15 && boxMm >= 15 && boxMm <= 60 && pxPerMm >= 3 && pxPerMm <= 24 && (writingMm === undefined || (writingMm >= 2 && writingMm <= 15)))) throw refused;
  return { rowMm, boxMm, pxPerMm, writingMm, frame: match[5] ? "bold" : "thin" };
});
const recognizers = await loadRecognizers();
const head = recognizerHead(recognizers.moves);
const prior = await loadMovePrior();
const pct = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);

for (const form of FORMS) {
  for (const kind of KINDS) {
    const total = { written: 0, right: 0, flagged: 0, unflagged: 0, unflaggedRight: 0, games: 0 };
    for (let index = 0; index < SHEETS; index++) {
      const sheet = await otherFormSheet(index, kind, form);
      const page = await readSuppliedPage(sheet.jpeg, sheet.boxes, recognizers.moves);
      const { game } = await readGameAdaptedToWriter([page], sheet.language, head, { prior });
      const { entirelyRight, ...counts } = scoreGame(game, sheet.sans);
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) total[key] += counts[key];
      if (entirelyRight) total.games++;
    }
    const { written, right, flagged, unflagged, unflaggedRight, games } = total;
    const writing = form.writingMm ? `, writing ${form.writingMm} mm tall` : "";
    console.log(`Other form, rows ${form.rowMm} mm, boxes ${form.boxMm} mm${form.frame === "bold" ? " in bold lines" : ""}${writing}, scanned at ${form.pxPerMm} px/mm, held-out hands "${kind}", ${SHEETS} sheets: moves right ${pct(right, written)} of ${written}, flagged ${pct(flagged, written)}, unflagged right ${pct(unflaggedRight, unflagged)} (${unflaggedRight} of ${unflagged}), games entirely right ${games} of ${SHEETS}`);
  }
}
