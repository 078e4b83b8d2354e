import type { Request, Response } from "express";
import de from "../locales/de/common.json" with { type: "json" };
import en from "../locales/en/common.json" with { type: "json" };

/**
 * Answers 429 in the visitor's language (German under /de), saying when to try again: `seconds` after a rate limit,
 * shortly when too many requests of the address are already under way.
 */
export function tooMany(req: Request, res: Response, seconds?: number) {
  const texts = req.path === "/de" || req.path.startsWith("/de/") ? de.error : en.error;
  res.set("Retry-After", String(seconds ?? 1)).status(429).type("text/plain");
  res.send(seconds === undefined ? texts.tooManyAtOnce : texts.tooManyRequests.replace("{{seconds}}", String(seconds)));
}
