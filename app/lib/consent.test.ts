import { describe, expect, it } from "vitest";
import { allows, choose, cookiesToDelete, readConsent, writeConsent } from "./consent";

describe("cookie consent", () => {
  it("no cookie, a broken one or an older version is no consent yet: necessary cookies only", () => {
    for (const value of [undefined, "", "garbage", "v0.given.statistics", "v1.maybe.statistics"]) {
      const consent = readConsent(value);
      expect(consent).toEqual({ state: "unset" });
      expect(allows(consent, "session")).toBe(true);
      expect(allows(consent, "statistics")).toBe(false);
    }
  });

  it("accept all, save a selection, decline: each kept and read back; unknown ids are dropped", () => {
    expect(readConsent(writeConsent(choose("accept", [])))).toEqual({ state: "given", optional: ["statistics"] });
    expect(readConsent(writeConsent(choose("save", ["statistics", "tracking"])))).toEqual({ state: "given", optional: ["statistics"] });
    expect(readConsent(writeConsent(choose("save", [])))).toEqual({ state: "given", optional: [] });
    expect(readConsent(writeConsent(choose("decline", ["statistics"])))).toEqual({ state: "declined", optional: [] });
    expect(readConsent("v1.given.statistics-evil")).toEqual({ state: "given", optional: ["statistics"] });
  });

  it("necessary cookies are never deleted; refused optional ones are", () => {
    expect(cookiesToDelete(choose("decline", []))).not.toContain("__session");
    expect(allows(choose("decline", []), "language")).toBe(true);
    expect(allows(choose("save", []), "nonexistent")).toBe(false);
  });
});
