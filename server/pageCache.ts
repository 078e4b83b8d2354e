import type { NextFunction, Request, Response } from "express";
import type { Db } from "~/db/client.server";
import { liveBus, type LiveUpdate } from "~/live/bus.server";
import { publicPageStamp } from "~/organiser/public.server";
import { compressParts, gzipWith, type GzipParts } from "./gzipParts";

/**
 * Whole public tournament pages, rendered once per state of the tournament and served from memory
 * to every visitor without a session (visitors who signed in or unlocked games get their own
 * rendering). A hit costs at most the stamp's two queries (shared by the requests of a quarter of a
 * second) instead of loaders and rendering; the page's
 * CSP nonce is replaced by this response's own; they are kept compressed too, for the browsers that
 * accept gzip (all of them), so a hit costs no compression either. Entries are keyed by address and the cookies a page
 * depends on without a session (language, cookie consent), kept at most `maxAgeMs`, and dropped
 * oldest first beyond `maxBytes` in all.
 */
const PAGE = /^(?:\/de)?\/event\/([^/]+)\/([^/]+)(?:\/(?:players|round\/\d{1,4}|standings\/\d{1,4}|crosstable\/\d{1,4}|player\/\d{1,6}))?$/;
const KEPT_COOKIES = ["lng", "kiebitz_consent"];
const KEPT_HEADERS = ["content-type", "set-cookie", "cache-control"];

type Stamp = { value: string | null; tournamentId: number | null; at: number };

/** A kept page: its body split where the nonce of the response that rendered it stood, and compressed. */
type Entry = { stamp: string; status: number; headers: [string, string | string[]][]; body: GzipParts; size: number; created: number };

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

export function publicPageCache(db: Db, { maxBytes = 64 * 1024 * 1024, maxAgeMs = 5 * 60 * 1000, stampMs = 250 } = {}) {
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
  // for `stampMs` after; a change published in this process (results, rounds) forgets it at once.
  const stamps = new Map<string, Stamp>();
  const reading = new Map<string, Promise<Stamp>>();
  const stampOf = async (event: string, tournament: string) => {
    const key = `${event}/${tournament}`;
    const known = stamps.get(key);
    if (known && Date.now() - known.at < stampMs) return known.value;
    let pending = reading.get(key);
    if (!pending) {
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
      pending = current;
    }
    return (await pending).value;
  };
  liveBus().on("update", ({ tournamentId }: LiveUpdate) => {
    for (const [key, stamp] of stamps) if (stamp.tournamentId === tournamentId) stamps.delete(key);
    reading.clear();
  });

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || "_data" in req.query) return next();
    const found = slugs(req.path);
    const cookies = cookieKey(req.headers.cookie);
    if (!found || cookies === null) return next();
    let stamp: string | null;
    try {
      stamp = await stampOf(...found);
    } catch (error) {
      return next(error);
    }
    if (!stamp) return next();
    const key = `${req.originalUrl}\n${cookies}`;
    const nonce = res.locals.cspNonce as string;
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp && Date.now() - hit.created < maxAgeMs) {
      res.status(hit.status);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.setHeader("Vary", "Accept-Encoding");
      const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
      const body = gzip ? gzipWith(hit.body, nonce) : join(hit.body.parts, nonce);
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    // a miss: let the page render, and keep a copy of what is sent
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
      if (res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html")) {
        const headers = KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name);
          return value === undefined ? [] : [[name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]];
        });
        const body = Buffer.concat(chunks);
        const compressed = compressParts(split(body, nonce));
        store(key, { stamp, status: 200, headers, body: compressed, size: body.length + compressed.compressed.reduce((sum, part) => sum + part.length, 0), created: Date.now() });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
