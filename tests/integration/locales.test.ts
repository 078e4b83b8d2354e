import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function keys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return [prefix];
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const load = (language: string) => {
  const dir = path.resolve("locales", language);
  return Object.fromEntries(readdirSync(dir).map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), "utf8"))]));
};

describe("locales", () => {
  const en = load("en");
  const de = load("de");
  it("have the same files in English and German", () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
  it.each(Object.keys(en))("%s: every English key exists in German and back", (file) => {
    expect(keys(de[file]).sort()).toEqual(keys(en[file]).sort());
  });
  it("have no empty texts", () => {
    for (const bundle of [en, de]) {
      for (const [file, content] of Object.entries(bundle)) {
        const empty = keys(content).filter((key) => String(key.split(".").reduce((node: any, part) => node?.[part], content)).trim() === "");
        expect(empty, file).toEqual([]);
      }
    }
  });
});

describe("routes", () => {
  const files = readdirSync(path.resolve("app/routes"));
  it("serve every page in English and German: each page module sits under the optional ($lang) segment", () => {
    // sitemap.xml and robots.txt are read by crawlers at the site's root, for both languages at once
    const rootFiles = ["sitemap[.]xml.tsx", "robots[.]txt.tsx"];
    const withoutLanguage = files.filter((file) => !file.startsWith("($lang)") && !file.startsWith("auth.") && !file.startsWith("api.") && !rootFiles.includes(file));
    expect(withoutLanguage).toEqual([]);
  });
});
