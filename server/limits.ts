import type { NextFunction, Request, Response } from "express";
import { refused, tooLarge } from "./answers";

/**
 * Limits applied in front of Remix to every request (README, "Limits"): what a single request may
 * cost the server before any route code runs.
 */
export const URL_MAX_LENGTH = 4096;
export const PATH_MAX_SEGMENTS = 16;

/** Request bodies: small forms everywhere, larger uploads only where a file or a pasted list is taken. */
export const BODY_LIMITS: { pattern: RegExp; bytes: number }[] = [
  // players (CSV/PGN) and tournament (JSON/TRF) imports, a round's PGN and pasted lists
  { pattern: /^(\/de)?\/webapp\/(tournament\/players\/\d+\/\d+\/import|event\/\d+|round\/\d+\/\d+\/\d+)$/, bytes: 16 * 1024 * 1024 },
  // score-sheet photos: several phone photos in one upload (each at most 16 MB, checked per part)
  { pattern: /^((\/de)?\/webapp\/sheets\/\d+\/\d+(\/upload)?|\/api\/app\/v1\/tournaments\/\d+\/sheets|(\/de)?\/scan)$/, bytes: 64 * 1024 * 1024 },
];
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export function bodyLimit(path: string): number {
  return BODY_LIMITS.find((rule) => rule.pattern.test(path))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** Counts path segments without splitting (linear, no allocation per segment). */
function segmentCount(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47 /* / */) count++;
  return count;
}

/** Whether a path's percent-encoding is valid UTF-8 (routing would fail on it otherwise). */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A NUL (%00) anywhere in the address: no page has one, and PostgreSQL's text cannot hold it (app/db/nul.ts). */
const NUL_IN_URL = /%00/;

/**
 * 400 for a path that is not valid percent-encoded UTF-8 or an address with a NUL in it, 414 for over-long URLs and 404 for paths deeper than any page, before route matching (whose cost
 * grows with the number of segments); 411/413 for bodies without a length or over the route's limit.
 */
export function requestLimits(req: Request, res: Response, next: NextFunction) {
  const url = req.originalUrl;
  if (url.length > URL_MAX_LENGTH) return refused(req, res, 414);
  const path = url.split("?", 1)[0];
  if (segmentCount(path) > PATH_MAX_SEGMENTS) return refused(req, res, 404);
  if (!decodable(path) || NUL_IN_URL.test(url)) return refused(req, res, 400);
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) return refused(req, res, 411);
    return next();
  }
  const bytes = Number(length);
  if (!Number.isSafeInteger(bytes) || bytes < 0) return refused(req, res, 400);
  // the client is told at once; the connection is closed so that the rest of the body is not read
  if (bytes > bodyLimit(path)) return tooLarge(req, res, bodyLimit(path));
  next();
}
