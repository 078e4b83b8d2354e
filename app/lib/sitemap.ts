import { LANGUAGES } from "./i18n";
import { localizePath } from "./locale";

/**
 * /sitemap.xml (spec §2): every public page in both languages, each with its hreflang
 * alternates (English at the root, German under /de) and, where known, when it last changed.
 * At most MAX_SITEMAP_PAGES pages, the sitemap protocol's limit being 50,000 addresses.
 */
export const MAX_SITEMAP_PAGES = 20_000;

export type SitemapPage = { path: string; modified?: Date };

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string, pages: SitemapPage[]): string {
  const entries = pages.slice(0, MAX_SITEMAP_PAGES).flatMap((page) => {
    const alternates = LANGUAGES.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${escape(origin + localizePath(page.path, language))}"/>`);
    const fallback = `    <xhtml:link rel="alternate" hreflang="x-default" href="${escape(origin + page.path)}"/>`;
    return LANGUAGES.map((language) =>
      [
        "  <url>",
        `    <loc>${escape(origin + localizePath(page.path, language))}</loc>`,
        ...(page.modified ? [`    <lastmod>${page.modified.toISOString().slice(0, 10)}</lastmod>`] : []),
        ...alternates,
        fallback,
        "  </url>",
      ].join("\n"),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
