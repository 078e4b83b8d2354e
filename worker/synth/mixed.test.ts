import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { ALPHABET } from "../reader/alphabet";
import { capitalHeight, glyphFor, loadFont, mixedHand, TRAINING_FONTS } from "./fonts";
import { syntheticSheet } from "./sheet";

describe("writers whose letters come from several fonts", () => {
  const fonts = (["caveat", "kalam", "playwrite-us-modern"] as const).map(loadFont);

  it("writes each character always as the same one of the fonts, and different characters as different ones", () => {
    const hand = mixedHand(fonts, seededRandom(7));
    const fontOf = (char: string) => fonts.findIndex((font) => font.glyphFonts.includes(glyphFor(hand, char)!.font));
    const first = [...ALPHABET].map(fontOf);
    // asked again, in another order: the writer's choices stay
    expect([...ALPHABET].reverse().map(fontOf).reverse()).toEqual(first);
    expect(first.every((font) => font >= 0)).toBe(true);
    expect(new Set(first).size).toBe(3);
    expect(hand.name).toBe("caveat");
  });

  it("measures every training font's capitals as a share of its em, so that letters of mixed fonts are scaled alike", () => {
    // fonts of 1000 and 2000 units per em alike
    expect(loadFont("edu-nsw-act-cursive").glyphFonts[0].unitsPerEm).toBe(2000);
    const heights = TRAINING_FONTS.map((name) => capitalHeight(loadFont(name).glyphFonts[0]));
    expect(Math.min(...heights)).toBeGreaterThan(0.35);
    expect(Math.max(...heights)).toBeLessThan(1.5);
  });

  it("leaves a seed's game, writing and hand as they are and changes only the letters' shapes", async () => {
    const options = { seed: 50000001, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const };
    const [plain] = await syntheticSheet(options);
    const [mixed] = await syntheticSheet({ ...options, mixedHands: 1 });
    expect(mixed.sans).toEqual(plain.sans);
    expect(mixed.written.map((box) => box.text)).toEqual(plain.written.map((box) => box.text));
    expect(mixed.font).toBe(plain.font);
    expect(Buffer.compare(mixed.jpeg, plain.jpeg)).not.toBe(0);
  });
});
