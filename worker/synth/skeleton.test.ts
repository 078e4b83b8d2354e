import { describe, expect, it } from "vitest";
import { ALPHABET } from "../reader/alphabet";
import { capitalHeight, glyphFor, loadFont, TRAINING_FONTS } from "./fonts";
import { syntheticSheet } from "./sheet";
import { penDrawnFont } from "./skeleton";
import { CAP_HEIGHT } from "./strokes";

describe("handwriting fonts drawn with a pen along their centre lines", () => {
  it("draws every character the recognizer reads as lines inside the font's own outline box", async () => {
    const font = loadFont("kalam");
    const pen = await penDrawnFont(font);
    expect([...ALPHABET].filter((char) => !pen.glyphs.get(char)?.strokes.length)).toEqual([]);
    for (const char of ALPHABET) {
      const { font: file, glyph } = glyphFor(font, char)!;
      const em = CAP_HEIGHT / capitalHeight(file) / file.unitsPerEm;
      const box = glyph.getBoundingBox();
      const points = pen.glyphs.get(char)!.strokes.flat();
      // every point of the centre line within the outline's box (a pixel of slack), none on its very edge all round
      expect(Math.min(...points.map(([x]) => x))).toBeGreaterThan(box.x1 * em - 0.02);
      expect(Math.max(...points.map(([x]) => x))).toBeLessThan(box.x2 * em + 0.02);
      expect(Math.min(...points.map(([, y]) => y))).toBeGreaterThan(box.y1 * em - 0.02);
      expect(Math.max(...points.map(([, y]) => y))).toBeLessThan(box.y2 * em + 0.02);
    }
    // a hyphen is one level line along the middle of its bar, about as long as the bar
    const hyphen = pen.glyphs.get("-")!;
    const bar = glyphFor(font, "-")!;
    const barBox = bar.glyph.getBoundingBox();
    const em = CAP_HEIGHT / capitalHeight(bar.font) / bar.font.unitsPerEm;
    expect(hyphen.strokes).toHaveLength(1);
    const ys = hyphen.strokes[0].map(([, y]) => y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(0.05);
    expect(ys[0]).toBeCloseTo(((barBox.y1 + barBox.y2) / 2) * em, 1);
    const xs = hyphen.strokes[0].map(([x]) => x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(0.6 * (barBox.x2 - barBox.x1) * em);
    // an O's line goes all round: it spans most of the outline's width and height, not one side of it
    const ring = glyphFor(font, "O")!;
    const ringBox = ring.glyph.getBoundingBox();
    const ringEm = CAP_HEIGHT / capitalHeight(ring.font) / ring.font.unitsPerEm;
    const o = pen.glyphs.get("O")!.strokes.flat();
    expect(Math.max(...o.map(([x]) => x)) - Math.min(...o.map(([x]) => x))).toBeGreaterThan(0.7 * (ringBox.x2 - ringBox.x1) * ringEm);
    expect(Math.max(...o.map(([, y]) => y)) - Math.min(...o.map(([, y]) => y))).toBeGreaterThan(0.7 * (ringBox.y2 - ringBox.y1) * ringEm);
    expect(pen.glyphs.get(" ")!.strokes).toEqual([]);
  });

  it("draws every training font the same each time, as one writer's font is the same on every sheet", async () => {
    const once = await penDrawnFont(loadFont("caveat"));
    expect(await penDrawnFont(loadFont("caveat"))).toBe(once);
    expect(once.name).toBe("caveat");
  });

  it("leaves a seed's game and hand as they are and draws the letters with a pen instead of filling them", async () => {
    const options = { seed: 50000001, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const };
    const [plain] = await syntheticSheet(options);
    const [pen] = await syntheticSheet({ ...options, penDrawn: 1 });
    const [none] = await syntheticSheet({ ...options, penDrawn: 0 });
    expect(pen.sans).toEqual(plain.sans);
    expect(pen.font).toBe(plain.font);
    expect(Buffer.compare(pen.jpeg, plain.jpeg)).not.toBe(0);
    expect(Buffer.compare(none.jpeg, plain.jpeg)).toBe(0);
  });
});
