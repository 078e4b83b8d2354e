import { describe, expect, it } from "vitest";
import { slug } from "./slug";

describe("public slugs", () => {
  it("replaces spaces with hyphens and removes commas", () => {
    expect(slug("Berlin Open, 2026")).toBe("Berlin-Open-2026");
    expect(slug("  A  Group ")).toBe("A-Group");
  });
});
