import { describe, expect, it } from "vitest";
import { readPlayersCsv } from "~/organiser/csv";
import { decodeText } from "./encoding";

describe("uploaded text", () => {
  it("reads a Latin-1  CSV as 'Müller', not 'M�ller', and UTF-8 with a BOM as UTF-8", () => {
    const latin1 = Uint8Array.from([..."name;Verein\n"].map((c) => c.charCodeAt(0)).concat([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x53, 0x4b, 0x0a]));
    expect(readPlayersCsv(decodeText(latin1)).rows[0].player).toMatchObject({ name: "Müller", club: "SK" });
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Łukasz – Müller")]);
    expect(decodeText(utf8)).toBe("Łukasz – Müller");
  });
});
