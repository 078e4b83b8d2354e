import { useMatches } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** A route's page title: from its loader data and the translations (`export const handle = title(...)`). */
type Text = (t: TFunction, data: never) => string | undefined;
export type TitleHandle = { title: Text; description?: Text };

/** A page's title and, where it says more than the site's description, its meta description. */
export function title<D>(make: (t: TFunction, data: D) => string | undefined, describe?: (t: TFunction, data: D) => string | undefined): TitleHandle {
  return { title: make as Text, ...(describe ? { description: describe as Text } : {}) };
}

function titleOf(make: Text, t: TFunction, data: unknown): string | undefined {
  try {
    return make(t, data as never);
  } catch {
    return undefined;
  }
}

/** The deepest route's text of a kind (a route whose loader failed has no data: a text that needs it gives none). */
function deepest(kind: keyof TitleHandle, t: TFunction, matches: ReturnType<typeof useMatches>): string | undefined {
  for (const match of [...matches].reverse()) {
    const make = (match.handle as Partial<TitleHandle> | undefined)?.[kind];
    const text = make ? titleOf(make, t, match.data) : undefined;
    if (text) return text;
  }
  return undefined;
}

/**
 * The deepest route's title, then "Kiebitz", and its description (else the site's): every page has
 * its own <title> and meta description, with and without JavaScript.
 */
export function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const text = deepest("title", t, matches);
  return (
    <>
      <title>{text ? `${text} – Kiebitz` : "Kiebitz"}</title>
      <meta name="description" content={deepest("description", t, matches) ?? t("meta.description")} />
    </>
  );
}
