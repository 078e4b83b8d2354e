import sharp from "sharp";
import { seededRandom } from "~/chess/random";
import type { SuppliedBox } from "../reader/supplied";
import { rasterizeSvg } from "../vision/image";
import { loadHand } from "./fonts";
import { randomHand, writeInBox } from "./handwriting";
import { heldOutSheet, type HeldOutKind } from "./heldout";
import { writtenMove } from "./sheet";

/**
 * A form's rows' height and boxes' width (mm), and the scan's resolution (px/mm); `frame`: its lines thin and grey (0.2 mm,
 * by default) or bold and black (0.5 mm); `writingMm`: how tall the writers write whatever the rows' height (by default as
 * tall as the rows let them; taller than the rows, the writing stands on the box's bottom line and leaves it at the top).
 */
export type OtherForm = { rowMm: number; boxMm: number; pxPerMm: number; frame?: "thin" | "bold"; writingMm?: number };

const PAGE_MM = { w: 210, h: 297 };
const GRID_TOP_MM = 40;
const GRID_LEFT_MM = 12;
const NUMBER_MM = 8;
const BLOCK_GAP_MM = 6;
const ROWS_HEIGHT_MM = 240;
/** Seeds of the writers' strokes on these forms, apart from the held-out sheets' own. */
const OTHER_FORM_SEED = 7000;

/**
 * A held-out sheet's game written on a form that is not Kiebitz's, as a club prints its own: no corner markers, a title,
 * two blocks of rows (move number, White's box, Black's box) in thin grey lines; scanned flat, with the boxes'
 * positions in the scan's pixels (what `npm run read` is given). The writer is the held-out sheet's hand
 * (worker/synth/heldout.ts), never trained on; the game as far as the form holds it.
 */
export async function otherFormSheet(index: number, kind: HeldOutKind, { rowMm, boxMm, pxPerMm, frame = "thin", writingMm }: OtherForm) {
  const { pages } = await heldOutSheet(index, kind);
  const { sans, language, font } = pages[0];
  const random = seededRandom(OTHER_FORM_SEED + index);
  const hand = randomHand(random, loadHand(font));
  const rows = Math.floor(ROWS_HEIGHT_MM / rowMm);
  const line = frame === "bold" ? 'fill="none" stroke="#000" stroke-width="0.5"' : 'fill="none" stroke="#555" stroke-width="0.2"';
  const text = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#000"';
  const parts = [`<rect x="0" y="0" width="${PAGE_MM.w}" height="${PAGE_MM.h}" fill="#fff"/>`, `<text x="${PAGE_MM.w / 2}" y="25" font-size="6" text-anchor="middle" ${text}>Club championship</text>`];
  const boxes: SuppliedBox[] = [];
  const plies = Math.min(sans.length, 2 * 2 * rows);
  for (let ply = 0; ply < plies; ply++) {
    const move = Math.floor(ply / 2) + 1;
    const side = ply % 2 === 0 ? "w" : "b";
    const left = GRID_LEFT_MM + Math.floor((move - 1) / rows) * (NUMBER_MM + 2 * boxMm + BLOCK_GAP_MM);
    const y = GRID_TOP_MM + ((move - 1) % rows) * rowMm;
    if (side === "w") parts.push(`<rect x="${left}" y="${y}" width="${NUMBER_MM}" height="${rowMm}" ${line}/><text x="${left + NUMBER_MM / 2}" y="${y + rowMm * 0.7}" font-size="3" text-anchor="middle" ${text}>${move}</text>`);
    const box = { x: left + NUMBER_MM + (side === "w" ? 0 : boxMm), y, w: boxMm, h: rowMm };
    parts.push(`<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" ${line}/>`, writeInBox(writtenMove(sans[ply], language, random), writingMm ? { ...box, y: box.y + box.h - writingMm, h: writingMm } : box, hand, random).svg);
    boxes.push({ move, side, x: box.x * pxPerMm, y: box.y * pxPerMm, w: box.w * pxPerMm, h: box.h * pxPerMm });
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(PAGE_MM.w * pxPerMm)}" height="${Math.round(PAGE_MM.h * pxPerMm)}" viewBox="0 0 ${PAGE_MM.w} ${PAGE_MM.h}">${parts.join("")}</svg>`;
  const scan = await rasterizeSvg(svg);
  const jpeg = await sharp(Buffer.from(Uint8Array.from(scan.data, (v) => Math.round(v))), { raw: { width: scan.width, height: scan.height, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { jpeg, boxes, sans: sans.slice(0, plies), language };
}
