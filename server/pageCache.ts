import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import accepts from "accepts";
import type { NextFunction, Request, Response } from "express";
import type { Db } from "~/db/client.server";
import { CONSENT_COOKIE } from "~/lib/consent";
import { recordCachedVisit } from "~/lib/consent.server";
import { liveBus, type LiveUpdate } from "~/live/bus.server";
import { publicPageStamp } from "~/organiser/public.server";
import { compressParts, gzipWith, type GzipParts } from "./gzipParts";
import { URL_MAX_LENGTH } from "./limits";
import { logger, requestId } from "./logger";

/**
 * Whole public tournament pages, rendered once per state of the tournament and served from memory
 * to every visitor without a session (visitors who signed in or unlocked games get their own
 * rendering). Each response gets its own CSP nonce in the page and in its Content-Security-Policy;
 * pages are kept compressed too (gzipParts.ts), so a hit costs neither rendering nor compression.
 * Entries are keyed by address and the cookies a page depends on without a session (language,
 * cookie consent), kept at most `maxAgeMs`, and dropped oldest first beyond `maxBytes` in all.
 * The landing and documentation pages are kept the same way, each rendered anew `staticMs` after it was kept (the
 * start page shows a live count of games), so that a flood of them costs no rendering either.
 *
 * `middleware` lets pages render inside the Express stack (after its limits and headers) and keeps
 * them; `serve` answers a request for a kept, current page before Express, with the headers that
 * page was sent with, its own request id and access-log line.
 */
const PAGE = /^(?:\/de)?\/event\/([^/]+)\/([^/]+)(?:\/(?:players|round\/\d{1,4}|standings\/\d{1,4}|crosstable\/\d{1,4}|player\/\d{1,6}))?$/;
/** Landing and documentation pages: the same for every visitor without a session but for the live count of games on the start page. */
const STATIC_PAGE = /^(?:\/de)?(?:\/(?:about|company|eula|privacy|roadmap|docs(?:\/[\w-]{1,64}){0,3}))?\/?$/;
const KEPT_COOKIES = ["lng", CONSENT_COOKIE];
/** Headers that belong to one response, not to the page. */
const OWN_HEADERS = new Set(["x-request-id", "x-page-cache", "content-length", "content-encoding", "transfer-encoding", "vary", "date", "connection", "keep-alive", "content-security-policy"]);

type Stamp = { value: string | null; tournamentId: number | null; at: number };

/** A kept page: its body split where the nonce of the response that rendered it stood, and compressed. */
type Entry = { stamp: string; headers: OutgoingHttpHeaders; policy: string[]; body: GzipParts; size: number; expires: number };

function split(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); at >= 0; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  parts.push(body.subarray(from));
  return parts;
}

function join(parts: Buffer[], nonce: string): Buffer {
  const separator = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, i) => (i ? [separator, part] : [part])));
}

function cookieKey(header: string | undefined): string | null {
  const pairs = (header ?? "").split(";").map((part) => part.trim()).filter(Boolean);
  if (pairs.some((pair) => pair.startsWith("__session="))) return null;
  return pairs.filter((pair) => KEPT_COOKIES.includes(pair.split("=")[0])).sort().join("; ");
}

function slugs(path: string): [string, string] | null {
  const match = PAGE.exec(path);
  if (!match) return null;
  try {
    return [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
  } catch {
    return null;
  }
}

export function publicPageCache(db: Db, { maxBytes = 64 * 1024 * 1024, maxAgeMs = 5 * 60 * 1000, stampMs = 250, staticMs = 10_000 } = {}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry) bytes -= entry.size;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.size > maxBytes / 8) return;
    entries.set(key, entry);
    bytes += entry.size;
    while (bytes > maxBytes) drop(entries.keys().next().value!);
  };
  // A tournament's stamp is read once for all requests that arrive while it is read, and trusted
  // for `stampMs` after; for three times as long again a kept page is still served by it while it
  // is read anew, so visitors never wait for that reading (a page is rendered only for a fresh one).
  // A change published in this process (results, rounds, settings) forgets it at once; one made
  // elsewhere shows within 4 × `stampMs`.
  const stamps = new Map<string, Stamp>();
  const reading = new Map<string, Promise<Stamp>>();
  const stampOf = async (event: string, tournament: string, { fresh = false } = {}) => {
    const key = `${event}/${tournament}`;
    const known = stamps.get(key);
    const age = known ? Date.now() - known.at : Infinity;
    if (known && age < stampMs) return known.value;
    const pending = reading.get(key) ?? read(key, event, tournament);
    if (known && !fresh && age < 4 * stampMs) {
      pending.catch(() => undefined);
      return known.value;
    }
    return (await pending).value;
  };
  const read = (key: string, event: string, tournament: string) => {
    const at = Date.now();
    const current: Promise<Stamp> = publicPageStamp(db, event, tournament)
      .then((found) => {
        const stamp = { value: found?.stamp ?? null, tournamentId: found?.tournamentId ?? null, at };
        if (reading.get(key) === current) stamps.set(key, stamp);
        return stamp;
      })
      .finally(() => {
        if (reading.get(key) === current) reading.delete(key);
      });
    reading.set(key, current);
    return current;
  };
  liveBus().on("update", ({ tournamentId }: LiveUpdate) => {
    for (const [key, stamp] of stamps) if (stamp.tournamentId === tournamentId) stamps.delete(key);
    reading.clear();
  });

  /** What a kept page at this path must match to be current; null when pages at this path are not kept. */
  const stampFor = (path: string, options?: { fresh?: boolean }): Promise<string | null> | null => {
    if (STATIC_PAGE.test(path)) return Promise.resolve("static");
    const found = slugs(path);
    return found ? stampOf(...found, options) : null;
  };

  const current = (key: string, stamp: string) => {
    const entry = entries.get(key);
    return entry && entry.stamp === stamp && Date.now() < entry.expires ? entry : null;
  };

  /** Answers a request for a kept page before Express; false when the request is not for one. */
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? "";
    if (req.method !== "GET" || url.length > URL_MAX_LENGTH) return false;
    const [path, query = ""] = url.split("?", 2);
    const cookies = cookieKey(req.headers.cookie);
    if (cookies === null || new URLSearchParams(query).has("_data")) return false;
    const key = `${url}\n${cookies}`;
    if (!entries.has(key)) return false;
    const started = performance.now();
    const stamp = await stampFor(path);
    const hit = stamp ? current(key, stamp) : null;
    if (!hit) return false;
    const nonce = randomBytes(16).toString("base64");
    const id = requestId(req);
    const gzip = accepts(req).encodings(["gzip", "identity"]) === "gzip";
    const body = gzip ? gzipWith(hit.body, nonce) : join(hit.body.parts, nonce);
    res.writeHead(200, {
      ...hit.headers,
      "content-security-policy": hit.policy.join(nonce),
      "x-request-id": id,
      "x-page-cache": "hit",
      vary: "Accept-Encoding",
      "content-length": body.length,
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    res.end(body);
    // the page's visit, as rendering it would have recorded it (with consent to statistics only)
    if (cookies.includes(`${CONSENT_COOKIE}=`)) void recordCachedVisit(db, url, req.headers).catch(() => undefined);
    logger.info({ req: { id, method: req.method, url: url.slice(0, 300) }, res: { status: 200 }, responseTime: Math.round(performance.now() - started) }, "request completed");
    return true;
  };

  /** Inside Express: lets a public page render (a miss) and keeps what is sent. */
  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || "_data" in req.query) return next();
    const cookies = cookieKey(req.headers.cookie);
    const reading = cookies === null ? null : stampFor(req.path, { fresh: true });
    if (!reading) return next();
    let stamp: string | null;
    try {
      stamp = await reading;
    } catch (error) {
      return next(error);
    }
    if (!stamp) return next();
    const key = `${req.originalUrl}\n${cookies}`;
    const nonce = res.locals.cspNonce as string;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const policy = res.getHeader("content-security-policy");
      if (res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html") && typeof policy === "string") {
        const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name, value]) => !OWN_HEADERS.has(name) && value !== undefined));
        const body = Buffer.concat(chunks);
        const compressed = compressParts(split(body, nonce), nonce);
        const size = body.length + compressed.compressed.reduce((sum, part) => sum + part.length, 0);
        // a landing page is kept for `staticMs` from now, whenever in the clock's seconds it was rendered
        const expires = Date.now() + (STATIC_PAGE.test(req.path) ? staticMs : maxAgeMs);
        store(key, { stamp, headers, policy: policy.split(nonce), body: compressed, size, expires });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader("X-Page-Cache", "miss");
    next();
  };

  return { serve, middleware };
}
