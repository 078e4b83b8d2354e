import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont } from "pdf-lib";
import { repositoryFile, typeScriptThread, type TypeScriptThread } from "~/lib/thread.server";

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
/** Control characters, line breaks and halves of a surrogate pair (a cut name) would break a cell; they print as spaces. */
const printable = (text: string) => text.normalize("NFC").replace(/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, " ");

/**
 * A cell's text: the whole text where it fits into `width`, else its longest prefix that fits (no
 * cell holds more than 200 characters). Laying a text out with the font to measure it costs as much
 * as drawing it, so widths are first estimated from each character's own width (measured once per
 * fitter); only a text within a point of the width or wider is measured exactly.
 */
export function fitter(font: PDFFont, size: number) {
  const characterWidths = new Map<string, number>();
  return (text: string, width: number) => {
    const characters = Array.from(printable(text.slice(0, 200)));
    let [estimate, fitting] = [0, 0];
    for (; fitting < characters.length; fitting++) {
      const character = characters[fitting]!;
      let characterWidth = characterWidths.get(character);
      if (characterWidth === undefined) characterWidths.set(character, (characterWidth = font.widthOfTextAtSize(character, size)));
      if ((estimate += characterWidth) > width - 1) break;
    }
    if (fitting === characters.length) return characters.join("");
    // kerning may let one more character fit than estimated, or fewer
    let end = Math.min(fitting + 1, characters.length);
    while (end > 0 && font.widthOfTextAtSize(characters.slice(0, end).join(""), size) > width) end--;
    return characters.slice(0, end).join("");
  };
}

export type PlayersPdfInput = { title: string; headers: Record<keyof PdfPlayer, string>; players: PdfPlayer[] };

export async function playersPdf({ title, headers, players }: PlayersPdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(await loadFont(FONTS.regular), { subset: true });
  const bold = await document.embedFont(await loadFont(FONTS.bold), { subset: true });
  let page = document.addPage([595, 842]);
  let y = 800;
  const fit = fitter(font, 10);
  page.drawText(printable(title), { x: 40, y, size: 16, font: bold });
  y -= 30;
  // A page names each font it uses once (drawText given a font adds it to the page's resources
  // under a new name every time: thousands of names for a long list).
  const header = () => {
    page.setFont(bold);
    for (const column of COLUMNS) page.drawText(printable(headers[column.key]), { x: column.x, y, size: 10 });
    y -= 16;
    page.setFont(font);
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
      if (value !== null && value !== "") page.drawText(fit(String(value), column.width), { x: column.x, y, size: 10 });
    }
    y -= 14;
  }
  return document.save();
}

/** The PDF made in a worker thread of the app (playerPdf.thread.ts), one at a time, so that no list holds up other requests. */
let thread: TypeScriptThread | null = null;

export function playersPdfInThread(input: PlayersPdfInput): Promise<Uint8Array> {
  thread ??= typeScriptThread(repositoryFile("app/organiser/playerPdf.thread.ts"), null, {
    failed: (error) => new Error(error.message),
    stopped: (error) => error,
  });
  return thread.call("playersPdf", input);
}
