import de from "../../locales/de/common.json";
import en from "../../locales/en/common.json";

/** i18next settings shared by the server and the browser; all texts live in locales/{en,de}. */
export const LANGUAGES = ["en", "de"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  resources: { en: { common: en }, de: { common: de } },
  interpolation: { escapeValue: false },
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}
