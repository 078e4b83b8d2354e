import { describe, expect, it } from "vitest";
import { ALPHABET } from "../reader/alphabet";
import { capitalHeight, glyphFor, loadFont, TRAINING_FONTS } from "./fonts";
import { syntheticSheet } from "./sheet";
import { penDrawnFont } from "./skeleton";
import { CAP_HEIGHT } from "./strokes";

type Point = [number, number];

/** A character's outline box in the pen-drawn letters' units (capitals CAP_HEIGHT tall). */
function outlineBox(font: ReturnType<typeof loadFont>, char: string) {
  const { font: file, glyph } = glyphFor(font, char)!;
  const em = CAP_HEIGHT / capitalHeight(file) / file.unitsPerEm;
  const { x1, y1, x2, y2 } = glyph.getBoundingBox();
  return { x1: x1 * em, y1: y1 * em, x2: x2 * em, y2: y2 * em };
}

/** The least and greatest x and y of points. */
const extent = (points: readonly Point[]) => ({
  x1: Math.min(...points.map(([x]) => x)),
  x2: Math.max(...points.map(([x]) => x)),
  y1: Math.min(...points.map(([, y]) => y)),
  y2: Math.max(...points.map(([, y]) => y)),
});

describe("handwriting fonts drawn with a pen along their centre lines", () => {
  it("draws every character the recognizer reads as lines inside the font's own outline box", async () => {
    const font = loadFont("kalam");
    const pen = await penDrawnFont(font);
    expect([...ALPHABET].filter((char) => !pen.glyphs.get(char)?.strokes.length)).toEqual([]);
    for (const char of ALPHABET) {
      const box = outlineBox(font, char);
      const line = extent(pen.glyphs.get(char)!.strokes.flat());
      // every point of the centre line within the outline's box (a pixel of slack), none on its very edge all round
      expect(line.x1).toBeGreaterThan(box.x1 - 0.02);
      expect(line.x2).toBeLessThan(box.x2 + 0.02);
      expect(line.y1).toBeGreaterThan(box.y1 - 0.02);
      expect(line.y2).toBeLessThan(box.y2 + 0.02);
    }
    // a hyphen is one level line along the middle of its bar, about as long as the bar
    const hyphen = pen.glyphs.get("-")!;
    const bar = outlineBox(font, "-");
    expect(hyphen.strokes).toHaveLength(1);
    const level = extent(hyphen.strokes[0]);
    expect(level.y2 - level.y1).toBeLessThan(0.05);
    expect(hyphen.strokes[0][0][1]).toBeCloseTo((bar.y1 + bar.y2) / 2, 1);
    expect(level.x2 - level.x1).toBeGreaterThan(0.6 * (bar.x2 - bar.x1));
    // an O's line goes all round: it spans most of the outline's width and height, not one side of it
    const ring = outlineBox(font, "O");
    const o = extent(pen.glyphs.get("O")!.strokes.flat());
    expect(o.x2 - o.x1).toBeGreaterThan(0.7 * (ring.x2 - ring.x1));
    expect(o.y2 - o.y1).toBeGreaterThan(0.7 * (ring.y2 - ring.y1));
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
