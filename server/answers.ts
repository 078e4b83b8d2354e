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

/** A small page for a browser (one that asks for HTML) in the visitor's language, a line of text for other clients. */
function answer(req: Request, res: Response, title: string, message: string, link: { href: string; text: string }) {
  if (!(req.headers.accept ?? "").includes("text/html")) return res.type("text/plain").send(message);
  const page = `<!doctype html><html lang="${german(req) ? "de" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></body></html>`;
  res.type("html").send(page);
}

/**
 * 413 for a body over the route's `limit`, before any of it is read (the connection closes), saying how much the
 * form takes, with a way back to it.
 */
export function tooLarge(req: Request, res: Response, limit: number) {
  const texts = errorTexts(req);
  const size = limit >= MB ? `${limit / MB} MB` : `${limit / 1024} KB`;
  res.set("Connection", "close").status(413);
  answer(req, res, texts.tooLargeTitle, texts.tooLarge.replace("{{size}}", size), { href: formPath(req), text: texts.backToForm });
}

/** What each refusal in front of the pages says (locales' `error`). */
const REFUSALS = {
  400: "badRequest",
  403: "crossSite",
  404: "pageMissing",
  411: "lengthRequired",
  414: "addressTooLong",
  500: "unexpected",
} as const;

/** A request refused before it reaches the pages (a broken or hostile address, a cross-site form, a failure), in the visitor's language. */
export function refused(req: Request, res: Response, status: keyof typeof REFUSALS) {
  const texts = errorTexts(req);
  const message = texts[REFUSALS[status]];
  res.status(status);
  answer(req, res, message, message, { href: german(req) ? "/de" : "/", text: texts.backHome });
}
