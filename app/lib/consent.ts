/**
 * Cookie consent (spec §2, §3 cookie definition, §4): the site's cookies, necessary ones always on
 * and optional ones only with the visitor's consent; the consent itself is kept in a necessary
 * cookie. States: unset, then given (all, some or necessary only) or declined.
 */
export type CookieDefinition = {
  id: string;
  necessary: boolean;
  /** checked in the settings before the visitor chose */
  isPreselected: boolean;
  /** the browser cookies this definition stands for (deleted when its consent is refused) */
  targetCookieIds: string[];
  /** a script loaded only with consent (none of the site's cookies needs one today) */
  src?: string;
  links: { href: string; label: string }[];
};

export const CONSENT_COOKIE = "kiebitz_consent";

export const COOKIES: CookieDefinition[] = [
  { id: "session", necessary: true, isPreselected: true, targetCookieIds: ["__session"], links: [] },
  { id: "language", necessary: true, isPreselected: true, targetCookieIds: ["lng"], links: [] },
  { id: "consent", necessary: true, isPreselected: true, targetCookieIds: [CONSENT_COOKIE], links: [] },
  { id: "device", necessary: true, isPreselected: true, targetCookieIds: ["kiebitz_device"], links: [{ href: "/docs/app", label: "consent.appLink" }] },
  { id: "statistics", necessary: false, isPreselected: false, targetCookieIds: [], links: [{ href: "/privacy", label: "consent.privacyLink" }] },
];

export const OPTIONAL_COOKIES = COOKIES.filter((c) => !c.necessary).map((c) => c.id);

export type Consent = { state: "unset" } | { state: "given" | "declined"; optional: string[] };

const VERSION = "v1";

/** The consent a cookie value holds; anything unknown (or of an older version) is no consent yet. */
export function readConsent(value: string | null | undefined): Consent {
  const [version, state, list] = (value ?? "").split(".");
  if (version !== VERSION || (state !== "given" && state !== "declined")) return { state: "unset" };
  const optional = state === "given" ? (list ?? "").split("-").filter((id) => OPTIONAL_COOKIES.includes(id)) : [];
  return { state, optional };
}

export function writeConsent(consent: Exclude<Consent, { state: "unset" }>): string {
  return [VERSION, consent.state, consent.optional.join("-")].join(".");
}

/** The consent a choice in the banner or the settings gives. */
export function choose(intent: "accept" | "decline" | "save", chosen: string[]): Exclude<Consent, { state: "unset" }> {
  if (intent === "accept") return { state: "given", optional: [...OPTIONAL_COOKIES] };
  if (intent === "decline") return { state: "declined", optional: [] };
  return { state: "given", optional: OPTIONAL_COOKIES.filter((id) => chosen.includes(id)) };
}

export function allows(consent: Consent, id: string): boolean {
  const definition = COOKIES.find((c) => c.id === id);
  if (!definition) return false;
  return definition.necessary || (consent.state === "given" && consent.optional.includes(id));
}

/** The browser cookies to delete under a consent: those of every optional definition it does not allow. */
export function cookiesToDelete(consent: Consent): string[] {
  return COOKIES.filter((c) => !c.necessary && !allows(consent, c.id)).flatMap((c) => c.targetCookieIds);
}
