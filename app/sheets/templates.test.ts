import { describe, expect, it } from "vitest";
import { PAGE_HEIGHT_MM, PAGE_WIDTH_MM, TEMPLATE_PAGES, codeBits, decodeCodeBits, layoutPages } from "./templates";

describe("score-sheet templates", () => {
  it("has a 60-move form on one page and a 120-move form over two pages", () => {
    expect(layoutPages("kiebitz-60").map((p) => [p.firstMove, p.lastMove, p.moveBoxes.length])).toEqual([[1, 60, 120]]);
    expect(layoutPages("kiebitz-120").map((p) => [p.firstMove, p.lastMove, p.moveBoxes.length])).toEqual([
      [1, 60, 120],
      [61, 120, 120],
    ]);
  });

  it("keeps every box on the page and every move box apart from the others", () => {
    for (const page of TEMPLATE_PAGES) {
      const boxes = [...page.moveBoxes, ...Object.values(page.header)];
      for (const box of boxes) {
        expect(box.x).toBeGreaterThan(0);
        expect(box.x + box.w).toBeLessThan(PAGE_WIDTH_MM);
        expect(box.y + box.h).toBeLessThan(PAGE_HEIGHT_MM);
      }
      const keys = new Set(page.moveBoxes.map((b) => `${b.move}${b.side}`));
      expect(keys.size).toBe(120);
    }
  });

  it("writes each page's code with start, parity and stop cells, and rejects any single flipped cell", () => {
    for (const page of TEMPLATE_PAGES) {
      const bits = codeBits(page.code);
      expect(decodeCodeBits(bits)).toBe(page.code);
      for (let i = 0; i < bits.length; i++) expect(decodeCodeBits(bits.map((b, j) => (j === i ? !b : b)))).toBeNull();
    }
    expect(decodeCodeBits(new Array(8).fill(false))).toBeNull();
  });
});
