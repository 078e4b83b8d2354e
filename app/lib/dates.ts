import type { Language } from "./i18n";

/** Dates as spec §9: German dd.mm.yyyy with 24-hour time; English long month with 12-hour time. */
const dateTimeFormats: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", {
    day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC",
  }),
  en: new Intl.DateTimeFormat("en-US", {
    month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC",
  }),
};

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
};

export function formatDateTime(value: Date | string, language: Language): string {
  return dateTimeFormats[language].format(new Date(value));
}

export function formatDate(value: Date | string, language: Language): string {
  return dateFormats[language].format(new Date(value));
}
