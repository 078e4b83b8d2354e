import { describe, expect, it } from "vitest";
import { languageFromPath, localizePath, safeRedirect, stripLanguage, switchLanguage } from "./locale";

describe("language prefixes", () => {
  it("reads the language from the URL: /de is German, everything else English", () => {
    expect(languageFromPath("/de")).toBe("de");
    expect(languageFromPath("/de/webapp/dashboard")).toBe("de");
    expect(languageFromPath("/")).toBe("en");
    expect(languageFromPath("/demo")).toBe("en");
    expect(languageFromPath("/docs/de")).toBe("en");
  });

  it("builds and strips the German prefix", () => {
    expect(localizePath("/", "de")).toBe("/de");
    expect(localizePath("/signIn", "de")).toBe("/de/signIn");
    expect(localizePath("/signIn", "en")).toBe("/signIn");
    expect(stripLanguage("/de")).toBe("/");
    expect(stripLanguage("/de/about")).toBe("/about");
    expect(stripLanguage("/about")).toBe("/about");
  });

  it("switches language on the same page, keeping the query", () => {
    expect(switchLanguage("/webapp/adminPage", "?uid=3", "de")).toBe("/de/webapp/adminPage?uid=3");
    expect(switchLanguage("/de/webapp/adminPage", "?uid=3", "en")).toBe("/webapp/adminPage?uid=3");
    expect(switchLanguage("/de", "", "en")).toBe("/");
  });

  it("allows only same-site redirect targets", () => {
    expect(safeRedirect("/webapp/account", "/x")).toBe("/webapp/account");
    expect(safeRedirect("//evil.example", "/x")).toBe("/x");
    expect(safeRedirect("https://evil.example", "/x")).toBe("/x");
    expect(safeRedirect("/\\evil", "/x")).toBe("/x");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    // found by an attacker: a tab (sent as %09) or a line break after the first slash
    expect(safeRedirect("/\t/evil.example/", "/x")).toBe("/x");
    expect(safeRedirect("/\n/x", "/x")).toBe("/x");
    expect(safeRedirect("/%09/evil.example/", "/x")).toBe("/%09/evil.example/");
    expect(safeRedirect("/webapp/event/1?tab=2#top", "/x")).toBe("/webapp/event/1?tab=2#top");
    expect(safeRedirect("/./\u0000/evil", "/x")).toBe("/x");
  });
});
