import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { fitter, playersPdf, playersPdfInThread } from "./playerPdf.server";

const HEADERS = { snr: "No", name: "Name", title: "T", elo: "Elo", nwz: "NWZ", club: "Club", country: "Fed" };
const player = (snr: number, name: string) => ({ snr, name, title: null, elo: 1500 + snr, nwz: null, club: "SK Kiebitz", country: "GER" });

describe("player list PDF", () => {
  it("embeds a font for names beyond Latin-1 (before: 'Łukasz Ćwik' and 'Иванов' printed as '?')", async () => {
    const bytes = await playersPdf({ title: "Open – Список", headers: HEADERS, players: [
      { snr: 1, name: "Łukasz Ćwik", title: "GM", elo: 2600, nwz: null, club: "Klub Szachowy Łódź", country: "POL" },
      { snr: 2, name: "Иван Иванов", title: null, elo: 2500, nwz: null, club: "Шахматный клуб", country: "RUS" },
    ] });
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(1);
    const fonts = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && String(object.get(PDFName.of("Type"))) === "/Font")
      .map((font) => String(font.get(PDFName.of("BaseFont"))));
    expect(fonts.some((name) => name.startsWith("/DejaVuSans-Bold"))).toBe(true);
    expect(fonts.some((name) => /^\/DejaVuSans-\d+$/.test(name))).toBe(true);
    expect(fonts.some((name) => name.includes("Helvetica"))).toBe(false);
  });

  it("names each font a page uses a few times, not once per cell (before: 272 names on a full page)", async () => {
    const players = Array.from({ length: 120 }, (_, i) => player(i + 1, `Player ${i + 1}`));
    const document = await PDFDocument.load(await playersPdf({ title: "Open", headers: HEADERS, players }));
    expect(document.getPageCount()).toBe(3);
    for (const page of document.getPages()) {
      const fonts = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
      expect(fonts.keys().length).toBeLessThanOrEqual(3);
    }
  });

  it("cuts a cell's text to exactly its longest prefix that fits, as measuring every prefix with the font would", async () => {
    const document = await PDFDocument.create();
    document.registerFontkit(fontkit);
    const font = await document.embedFont(readFileSync(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")), { subset: true });
    const longestFitting = (text: string, width: number) => {
      const characters = Array.from(text);
      let end = characters.length;
      while (end > 0 && font.widthOfTextAtSize(characters.slice(0, end).join(""), 10) > width) end--;
      return characters.slice(0, end).join("");
    };
    const fit = fitter(font, 10);
    // kerned pairs (AV, To, Ty), wide and narrow letters, accents, Cyrillic, Greek and a character beyond the BMP
    const alphabet = Array.from("AVTWYLPFaeoyvw.,-' ÄÖÜäöüßŁłĆćИванов ЖШЩфъыΑΒΓαβγ𝔄");
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let cut = 0;
    for (let i = 0; i < 400; i++) {
      const text = Array.from({ length: 3 + Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      for (const width of [30, 40, 140, 170]) {
        const expected = longestFitting(text, width);
        if (expected !== text) cut++;
        expect(fit(text, width)).toBe(expected);
      }
    }
    expect(cut).toBeGreaterThan(400);
    expect(fit("Müller-Lüdenscheidt, Hans-Joachim von und zu", 170)).toBe(longestFitting("Müller-Lüdenscheidt, Hans-Joachim von und zu", 170));
    expect(fit("Ann\u0000Lee", 170)).toBe("Ann Lee");
  });

  it("is made in a worker thread while the app's own thread goes on answering", async () => {
    const players = Array.from({ length: 2000 }, (_, i) => player(i + 1, `Müller-Lüdenscheidt, Hans-Joachim ${i + 1}`));
    await playersPdfInThread({ title: "Open", headers: HEADERS, players: players.slice(0, 1) }); // the thread started
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const bytes = await playersPdfInThread({ title: "Open", headers: HEADERS, players });
    clearInterval(timer);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(38);
    expect(ticks).toBeGreaterThan(3);
  });
});
