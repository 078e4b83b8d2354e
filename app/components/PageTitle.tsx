import { useMatches } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** A route's page title: from its loader data and the translations (`export const handle = title(...)`). */
export type TitleHandle = { title: (t: TFunction, data: never) => string | undefined };

export function title<D>(make: (t: TFunction, data: D) => string | undefined): TitleHandle {
  return { title: make as TitleHandle["title"] };
}

function titleOf(make: TitleHandle["title"], t: TFunction, data: unknown): string | undefined {
  try {
    return make(t, data as never);
  } catch {
    return undefined;
  }
}

/** The deepest route's title, then "Kiebitz": every page has its own <title>, with and without JavaScript. */
export function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<TitleHandle> | undefined;
    if (!handle?.title) continue;
    // A route whose loader failed (its error page) has no data: a title that needs it gives none.
    const text = titleOf(handle.title, t, match.data);
    if (text) return <title>{`${text} – Kiebitz`}</title>;
  }
  return <title>Kiebitz</title>;
}
