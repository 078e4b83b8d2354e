import { describe, expect, it } from "vitest";
import { ALPHABET } from "../reader/alphabet";
import { glyphFor, HELD_OUT_JOINED_FONTS, HELD_OUT_FONTS, loadFont, TRAINING_FONTS } from "./fonts";

describe("handwriting fonts", () => {
  it("each training and held-out font is listed once and has a glyph for every character the recognizer reads", () => {
    const names = [...TRAINING_FONTS, ...HELD_OUT_FONTS, ...HELD_OUT_JOINED_FONTS];
    expect(new Set(names).size).toBe(names.length);
    const missing = names.map((name) => [name, [...ALPHABET].filter((char) => !glyphFor(loadFont(name), char)).join("")]).filter(([, chars]) => chars);
    expect(missing).toEqual([]);
  });
});
