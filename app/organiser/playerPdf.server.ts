import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";

/** The list of participants as an A4 PDF (starting number, name, title, ratings, club, country). */
export type PdfPlayer = { snr: number; name: string; title: string | null; elo: number | null; nwz: number | null; club: string | null; country: string | null };

const COLUMNS: { key: keyof PdfPlayer; x: number; width: number }[] = [
  { key: "snr", x: 40, width: 30 },
  { key: "name", x: 75, width: 170 },
  { key: "title", x: 250, width: 35 },
  { key: "elo", x: 290, width: 40 },
  { key: "nwz", x: 335, width: 40 },
  { key: "club", x: 380, width: 140 },
  { key: "country", x: 525, width: 40 },
];

/**
 * DejaVu Sans (npm dejavu-fonts-ttf) is embedded, subset to the characters used, so that names in
 * any Latin, Cyrillic or Greek script print as written (the standard PDF fonts know only Latin-1).
 */
const require = createRequire(import.meta.url);
const FONTS = { regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf", bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf" };
const fontBytes = new Map<string, Promise<Buffer>>();
const loadFont = (path: string) => {
  if (!fontBytes.has(path)) fontBytes.set(path, readFile(require.resolve(path)));
  return fontBytes.get(path)!;
};
/** Control characters and line breaks would break a cell; they print as spaces. */
const printable = (text: string) => text.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ");

export async function playersPdf(title: string, headers: Record<keyof PdfPlayer, string>, players: PdfPlayer[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(await loadFont(FONTS.regular), { subset: true });
  const bold = await document.embedFont(await loadFont(FONTS.bold), { subset: true });
  let page = document.addPage([595, 842]);
  let y = 800;
  // The longest prefix that fits, by bisection (no cell holds more than 200 characters).
  const fit = (text: string, width: number) => {
    const value = printable(text.slice(0, 200));
    let [low, high] = [0, value.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (font.widthOfTextAtSize(value.slice(0, middle), 10) <= width) low = middle;
      else high = middle - 1;
    }
    return value.slice(0, low);
  };
  page.drawText(printable(title), { x: 40, y, size: 16, font: bold });
  y -= 30;
  const header = () => {
    for (const column of COLUMNS) page.drawText(printable(headers[column.key]), { x: column.x, y, size: 10, font: bold });
    y -= 16;
  };
  header();
  for (const player of players) {
    if (y < 50) {
      page = document.addPage([595, 842]);
      y = 800;
      header();
    }
    for (const column of COLUMNS) {
      const value = player[column.key];
      if (value !== null && value !== "") page.drawText(fit(String(value), column.width), { x: column.x, y, size: 10, font });
    }
    y -= 14;
  }
  return document.save();
}
