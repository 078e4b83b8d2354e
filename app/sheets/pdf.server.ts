import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { CODE_CELLS, MARKERS, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, codeBits, layoutPages, moveNumberText, type Rect, type SheetLayoutId } from "./templates";

const PT_PER_MM = 72 / 25.4;
const black = rgb(0, 0, 0);

/** A printable score-sheet form (all its pages) as an A4 PDF, with labels in the organiser's language. */
export async function sheetFormPdf(layout: SheetLayoutId, translate: (key: string) => string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`${translate("sheet.form.title")} (${layout})`);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const template of layoutPages(layout)) {
    const page = document.addPage([PAGE_WIDTH_MM * PT_PER_MM, PAGE_HEIGHT_MM * PT_PER_MM]);
    const box = (r: Rect, filled: boolean, thickness = 0.3) =>
      page.drawRectangle({
        x: r.x * PT_PER_MM,
        y: (PAGE_HEIGHT_MM - r.y - r.h) * PT_PER_MM,
        width: r.w * PT_PER_MM,
        height: r.h * PT_PER_MM,
        ...(filled ? { color: black } : { borderColor: black, borderWidth: thickness * PT_PER_MM }),
      });
    const text = (value: string, x: number, y: number, size: number, middle = false) => {
      const sizePt = size * PT_PER_MM;
      const width = middle ? font.widthOfTextAtSize(value, sizePt) / 2 : 0;
      page.drawText(value, { x: x * PT_PER_MM - width, y: (PAGE_HEIGHT_MM - y) * PT_PER_MM, size: sizePt, font, color: black });
    };
    MARKERS.forEach((marker) => box(marker, true));
    codeBits(template.code).forEach((dark, i) => box(CODE_CELLS[i], dark, 0.15));
    Object.values(template.header).forEach((r) => box(r, false));
    template.moveBoxes.forEach((r) => box(r, false));
    for (const cell of template.numberCells) {
      box(cell, false);
      text(moveNumberText(cell.move), cell.x + cell.w / 2, cell.y + cell.h * 0.68, 2.8, true);
    }
    for (const label of template.labels) text(translate(label.text), label.x, label.y, label.size, label.align === "middle");
  }
  return document.save();
}
