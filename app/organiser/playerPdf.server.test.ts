import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { playersPdf } from "./playerPdf.server";

const HEADERS = { snr: "No", name: "Name", title: "T", elo: "Elo", nwz: "NWZ", club: "Club", country: "Fed" };

describe("player list PDF", () => {
  it("embeds a font for names beyond Latin-1 (before: 'Łukasz Ćwik' and 'Иванов' printed as '?')", async () => {
    const bytes = await playersPdf("Open – Список", HEADERS, [
      { snr: 1, name: "Łukasz Ćwik", title: "GM", elo: 2600, nwz: null, club: "Klub Szachowy Łódź", country: "POL" },
      { snr: 2, name: "Иван Иванов", title: null, elo: 2500, nwz: null, club: "Шахматный клуб", country: "RUS" },
    ]);
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
});
