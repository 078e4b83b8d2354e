import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { ALPHABET } from "../reader/alphabet";
import { TRAINING_HANDS } from "./fonts";
import { HELD_OUT_HANDS } from "./heldout";
import { HELD_OUT_STROKES, TRAINING_STROKES, loadStrokeFont, randomPenStyle, strokeText } from "./strokes";

describe("writers drawn with a pen", () => {
  it("draw every character the recognizer reads, in every training and held-out single-line font", () => {
    for (const name of [...TRAINING_STROKES, ...HELD_OUT_STROKES]) {
      const font = loadStrokeFont(name);
      const missing = [...ALPHABET].filter((char) => (font.glyphs.get(char)?.strokes.length ?? 0) === 0);
      expect(missing, name).toEqual([]);
    }
  });

  it("keep the held-out hands out of training", () => {
    const held = Object.values(HELD_OUT_HANDS).flat() as string[];
    expect(held.filter((name) => (TRAINING_HANDS as readonly string[]).includes(name))).toEqual([]);
    expect(held).toEqual(expect.arrayContaining([...HELD_OUT_STROKES]));
  });

  it("write a move left to right at the size asked, each character's middle inside the writing", () => {
    const random = seededRandom(3);
    const font = loadStrokeFont("futural");
    const drawn = strokeText("Nxe5+", font, randomPenStyle(random), 4, 1, random);
    expect(drawn.middles).toHaveLength(5);
    for (let i = 1; i < 5; i++) expect(drawn.middles[i]).toBeGreaterThan(drawn.middles[i - 1]);
    expect(drawn.middles[4]).toBeLessThan(drawn.width);
    const ys = drawn.strokes.flatMap((s) => s.points.map(([, y]) => y));
    // SVG's y grows downwards: capitals reach about 0.7 × 4 mm above the baseline
    expect(Math.min(...ys)).toBeLessThan(-2.2);
    expect(Math.min(...ys)).toBeGreaterThan(-4);
    expect(drawn.strokes.every((s) => s.width > 0 && s.points.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y)))).toBe(true);
  });

  it("give a writer his own shape of each character, the same on every box, unlike another writer's", () => {
    const font = loadStrokeFont("ems_readability");
    const style = { ...randomPenStyle(seededRandom(1)), tremor: 0, shape: 0.06 };
    const other = { ...style, shapeSeed: style.shapeSeed + 1 };
    // where the character's ink lies: its extent and centre (mm)
    const outline = (s: typeof style, seed: number) => {
      const points = strokeText("a", font, s, 10, 1, seededRandom(seed)).strokes.flatMap((p) => p.points);
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      return [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys), mean(xs), mean(ys)];
    };
    const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
    const sameWriter = distance(outline(style, 5), outline(style, 6));
    const otherWriter = distance(outline(style, 5), outline(other, 5));
    expect(otherWriter).toBeGreaterThan(2 * sameWriter);
  });
});
