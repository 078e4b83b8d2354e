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

/** Only same-site paths may be used as a redirect target after signing in. */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  return target;
}
