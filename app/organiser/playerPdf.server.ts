import { PDFDocument, StandardFonts } from "pdf-lib";

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

/** Standard PDF fonts only know WinAnsi; other characters are replaced so that no name breaks the file. */
const winAnsi = (text: string) => text.normalize("NFC").replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");

export async function playersPdf(title: string, headers: Record<keyof PdfPlayer, string>, players: PdfPlayer[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let page = document.addPage([595, 842]);
  let y = 800;
  // The longest prefix that fits, by bisection (no cell holds more than 200 characters).
  const fit = (text: string, width: number) => {
    const value = winAnsi(text.slice(0, 200));
    let [low, high] = [0, value.length];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (font.widthOfTextAtSize(value.slice(0, middle), 10) <= width) low = middle;
      else high = middle - 1;
    }
    return value.slice(0, low);
  };
  page.drawText(winAnsi(title), { x: 40, y, size: 16, font: bold });
  y -= 30;
  const header = () => {
    for (const column of COLUMNS) page.drawText(winAnsi(headers[column.key]), { x: column.x, y, size: 10, font: bold });
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
