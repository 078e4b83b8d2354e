import { CODE_CELLS, MARKERS, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, codeBits, moveNumberText, type Rect, type TemplatePage } from "./templates";

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
const rect = (r: Rect, attributes: string) => `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" ${attributes}/>`;

/**
 * The printed form of a template page as SVG in millimetres (viewBox = A4). `translate` gives the
 * printed labels in the organiser's language; `extra` is drawn on top (handwriting of synthetic sheets).
 */
export function templateSvg(page: TemplatePage, translate: (key: string) => string, widthPx: number, extra = ""): string {
  const heightPx = Math.round((widthPx * PAGE_HEIGHT_MM) / PAGE_WIDTH_MM);
  const line = 'fill="none" stroke="#000" stroke-width="0.3"';
  const parts: string[] = [`<rect x="0" y="0" width="${PAGE_WIDTH_MM}" height="${PAGE_HEIGHT_MM}" fill="#fff"/>`];
  for (const marker of MARKERS) parts.push(rect(marker, 'fill="#000"'));
  codeBits(page.code).forEach((dark, i) => parts.push(rect(CODE_CELLS[i], dark ? 'fill="#000"' : 'fill="none" stroke="#000" stroke-width="0.15"')));
  for (const box of Object.values(page.header)) parts.push(rect(box, line));
  for (const box of page.moveBoxes) parts.push(rect(box, line));
  const text = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#000"';
  for (const cell of page.numberCells) {
    parts.push(rect(cell, line));
    parts.push(`<text x="${cell.x + cell.w / 2}" y="${cell.y + cell.h * 0.68}" font-size="2.8" text-anchor="middle" ${text}>${moveNumberText(cell.move)}</text>`);
  }
  for (const label of page.labels) {
    const anchor = label.align === "middle" ? "middle" : "start";
    parts.push(`<text x="${label.x}" y="${label.y}" font-size="${label.size}" text-anchor="${anchor}" ${text}>${escapeXml(translate(label.text))}</text>`);
  }
  parts.push(`<text x="${PAGE_WIDTH_MM - 20}" y="${PAGE_HEIGHT_MM - 12}" font-size="2.5" text-anchor="end" ${text}>${escapeXml(`${page.layout} · ${page.page}`)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${PAGE_WIDTH_MM} ${PAGE_HEIGHT_MM}">${parts.join("")}${extra}</svg>`;
}
