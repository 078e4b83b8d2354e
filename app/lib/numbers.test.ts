import { describe, expect, it } from "vitest";
import { formatPoints } from "./numbers";

describe("points", () => {
  it("are shown exactly, with the language's decimal sign (SB 0.25 was shown as 0.3)", () => {
    expect(formatPoints(0.25, "en")).toBe("0.25");
    expect(formatPoints(0.25, "de")).toBe("0,25");
    expect(formatPoints(3.5, "en")).toBe("3.5");
    expect(formatPoints(4, "de")).toBe("4");
  });
});
