import { db } from "~/db/client.server";
import { DOC_PAGES } from "~/lib/docs";
import { config } from "~/lib/config.server";
import { MAX_SITEMAP_PAGES, sitemapXml } from "~/lib/sitemap";
import { publicPages } from "~/organiser/public.server";

/** /sitemap.xml: the site's pages and every public event and tournament, in English and German. */
const SITE = ["/", "/about", "/contact", "/company", "/privacy", "/eula", "/signUp", "/roadmap", "/newsletter", "/pgnQr", ...DOC_PAGES.map((page) => `/docs/${page}`)];

export async function loader() {
  const tournaments = await publicPages(db(), Math.floor(MAX_SITEMAP_PAGES / 6));
  const xml = sitemapXml(config().publicUrl, [...SITE.map((path) => ({ path })), ...tournaments]);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
