import { config } from "~/lib/config.server";

/** /robots.txt: the signed-in area is not for crawlers; the sitemap lists the public pages. */
export function loader() {
  const text = ["User-agent: *", "Disallow: /webapp/", "Disallow: /de/webapp/", "Disallow: /api/", `Sitemap: ${config().publicUrl}/sitemap.xml`, ""].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
