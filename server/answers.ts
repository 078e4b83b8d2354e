import type { Request, Response } from "express";
import de from "../locales/de/common.json" with { type: "json" };
import en from "../locales/en/common.json" with { type: "json" };

/** Answers given in front of the pages (rate limits, request limits), in the visitor's language: German under /de. */
const german = (req: Request) => req.path === "/de" || req.path.startsWith("/de/");
const errorTexts = (req: Request) => (german(req) ? de.error : en.error);

/** 429, saying when to try again: `seconds` after a rate limit, shortly when too many requests of the address are under way. */
export function tooMany(req: Request, res: Response, seconds?: number) {
  const texts = errorTexts(req);
  res.set("Retry-After", String(seconds ?? 1)).status(429).type("text/plain");
  res.send(seconds === undefined ? texts.tooManyAtOnce : texts.tooManyRequests.replace("{{seconds}}", String(seconds)));
}

const MB = 1024 * 1024;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the form was: the referring page of this site (its path), else the home page in the visitor's language. */
function formPath(req: Request): string {
  try {
    const referer = new URL(req.headers.referer ?? "");
    // a path of this site only: "//other.example" would be a link to another one
    if (referer.host === req.headers.host && !/^\/[/\\]/.test(referer.pathname)) return referer.pathname + referer.search;
  } catch {
    // no or no valid referer
  }
  return german(req) ? "/de" : "/";
}

/**
 * 413 for a body over the route's `limit`, before any of it is read (the connection closes). A browser's form (one that
 * asks for HTML) gets a page saying how much the form takes, with a way back to it; other clients a line of text.
 */
export function tooLarge(req: Request, res: Response, limit: number) {
  const texts = errorTexts(req);
  const size = limit >= MB ? `${limit / MB} MB` : `${limit / 1024} KB`;
  const message = texts.tooLarge.replace("{{size}}", size);
  res.set("Connection", "close").status(413);
  if (!(req.headers.accept ?? "").includes("text/html")) return res.type("text/plain").send(message);
  const page = `<!doctype html><html lang="${german(req) ? "de" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.tooLargeTitle)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(texts.tooLargeTitle)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(formPath(req))}">${escapeHtml(texts.backToForm)}</a></p></body></html>`;
  res.type("html").send(page);
}
