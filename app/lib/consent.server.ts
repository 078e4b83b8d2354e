import { createCookie } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import { config } from "./config.server";
import { allows, CONSENT_COOKIE, cookiesToDelete, readConsent, writeConsent, type Consent } from "./consent";

let cookie: ReturnType<typeof createCookie> | undefined;

/** The consent cookie: a year, same-site lax, readable by the server only. */
function consentCookie() {
  cookie ??= createCookie(CONSENT_COOKIE, { path: "/", sameSite: "lax", httpOnly: true, secure: config().publicUrl.startsWith("https://"), maxAge: 60 * 60 * 24 * 365 });
  return cookie;
}

export async function consentOf(request: Request): Promise<Consent> {
  const value = await consentCookie().parse(request.headers.get("Cookie"));
  return readConsent(typeof value === "string" ? value : null);
}

/** The Set-Cookie headers for a new consent: the consent, and the removal of every cookie it refuses. */
export async function consentHeaders(consent: Exclude<Consent, { state: "unset" }>): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await consentCookie().serialize(writeConsent(consent)));
  for (const name of cookiesToDelete(consent)) headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; SameSite=Lax`);
  return headers;
}

/**
 * A page visit for the statistics (spec §3 page_visited), recorded only with the visitor's consent
 * to statistics; bounded, and never in the way of the page (errors are ignored).
 */
export function recordVisit(db: Db, request: Request) {
  const url = new URL(request.url);
  db.pageVisited
    .create({ data: { targetUrl: url.pathname.slice(0, 500), referer: request.headers.get("Referer")?.slice(0, 500) ?? null, userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null } })
    .catch(() => undefined);
}

/**
 * A visit to a page served from the page cache (server/pageCache.ts), which renders nothing: recorded
 * like any other, with consent only. Takes the raw request's address and headers.
 */
export async function recordCachedVisit(db: Db, url: string, headers: Record<string, string | string[] | undefined>) {
  const kept = ["cookie", "referer", "user-agent"].flatMap((name) => (typeof headers[name] === "string" ? [[name, headers[name] as string] as [string, string]] : []));
  const request = new Request(new URL(url, "http://kiebitz.local"), { headers: kept });
  if (allows(await consentOf(request), "statistics")) recordVisit(db, request);
}

/** A download for the statistics (spec §3 download_clicked), recorded only with consent to statistics. */
export async function recordDownload(db: Db, request: Request, source: string) {
  if (!allows(await consentOf(request), "statistics")) return;
  await db.downloadClicked
    .create({ data: { source: source.slice(0, 100), referer: request.headers.get("Referer")?.slice(0, 500) ?? null, userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null } })
    .catch(() => undefined);
}
