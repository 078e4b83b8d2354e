import type { Language } from "./i18n";

/** English pages live at the root, German ones under /de (spec §2). */
export const GERMAN_PREFIX = "/de";

export function languageFromPath(pathname: string): Language {
  return pathname === GERMAN_PREFIX || pathname.startsWith(`${GERMAN_PREFIX}/`) ? "de" : "en";
}

/** The path without its language prefix ("/de/about" → "/about", "/de" → "/"). */
export function stripLanguage(pathname: string): string {
  if (languageFromPath(pathname) === "en") return pathname;
  return pathname.slice(GERMAN_PREFIX.length) || "/";
}

/** The path of a page in a language ("/about", "de" → "/de/about"). */
export function localizePath(path: string, language: Language): string {
  if (language === "en") return path;
  return path === "/" ? GERMAN_PREFIX : `${GERMAN_PREFIX}${path}`;
}

/** The same page (path and query) in another language: what the language switch links to. */
export function switchLanguage(pathname: string, search: string, language: Language): string {
  return localizePath(stripLanguage(pathname), language) + search;
}

const BASE = "http://kiebitz.invalid";

/**
 * Only paths of this site may be a redirect target taken from a request. Browsers drop tabs and
 * line breaks and read a backslash as a slash, so any of them (or an address that normalises to
 * another host) gives the fallback; the path is returned as the URL parser normalised it.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === BASE && !path.startsWith("//") ? path : fallback;
}
