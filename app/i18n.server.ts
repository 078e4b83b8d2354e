import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { config } from "~/lib/config.server";
import { i18nConfig, LANGUAGES, DEFAULT_LANGUAGE, type Language } from "~/lib/i18n";
import { languageFromPath } from "~/lib/locale";

let cookie: ReturnType<typeof createCookie> | undefined;

/** Remembers the language last chosen: 365 days, SameSite=Lax (spec §9); Secure when the site is served over https. */
export function languageCookie() {
  cookie ??= createCookie("lng", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: config().publicUrl.startsWith("https://"),
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // The URL decides: "/de/..." is German, everything else English.
    findLocale: async (request) => languageFromPath(new URL(request.url).pathname),
    order: ["custom"],
  },
  i18next: i18nConfig,
});

export function requestLanguage(request: Request): Language {
  return languageFromPath(new URL(request.url).pathname);
}

export function fixedT(language: Language) {
  return i18nServer.getFixedT(language, "common");
}
