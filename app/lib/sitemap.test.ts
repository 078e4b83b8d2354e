import { describe, expect, it } from "vitest";
import { MAX_SITEMAP_PAGES, sitemapXml } from "./sitemap";

describe("sitemap", () => {
  it("lists every page in English and German, each with both alternates, escaped", () => {
    const xml = sitemapXml("https://kiebitz.example", [{ path: "/event/A&B", modified: new Date("2026-11-20T10:00:00Z") }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain("<loc>https://kiebitz.example/event/A&amp;B</loc>");
    expect(xml).toContain("<loc>https://kiebitz.example/de/event/A&amp;B</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://kiebitz.example/de/event/A&amp;B"/>');
    expect(xml).toContain("<lastmod>2026-11-20</lastmod>");
  });

  it("the home page's German address is /de, and no more than the limit is listed", () => {
    expect(sitemapXml("https://k.example", [{ path: "/" }])).toContain("<loc>https://k.example/de</loc>");
    const many = Array.from({ length: MAX_SITEMAP_PAGES + 5 }, (_, i) => ({ path: `/p${i}` }));
    expect(sitemapXml("https://k.example", many).match(/<url>/g)).toHaveLength(2 * MAX_SITEMAP_PAGES);
  });
});
