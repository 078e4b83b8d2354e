import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COOKIES, type Consent } from "~/lib/consent";
import type { loader as rootLoader } from "~/root";
import { useLocalePath } from "./Shell";

/**
 * The cookie settings (spec §2): necessary cookies always on, optional ones to toggle, each with
 * its description and links; Save, Accept all, Decline all. A plain form, so it works without
 * JavaScript; with it, a notice says when the toggles differ from what was saved.
 */
export function CookieSettings({ consent, redirectTo }: { consent: Consent; redirectTo: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const saved = consent.state === "unset" ? COOKIES.filter((c) => !c.necessary && c.isPreselected).map((c) => c.id) : consent.optional;
  const [chosen, setChosen] = useState(saved);
  const unsaved = consent.state !== "unset" && [...chosen].sort().join() !== [...saved].sort().join();
  return (
    <Form method="post" action={to("/cookies")} className="cookie-settings">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ul>
        {COOKIES.map((cookie) => (
          <li key={cookie.id}>
            <label>
              <input
                type="checkbox"
                name={cookie.necessary ? undefined : "optional"}
                value={cookie.id}
                checked={cookie.necessary || chosen.includes(cookie.id)}
                disabled={cookie.necessary}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, cookie.id] : chosen.filter((id) => id !== cookie.id))}
              />{" "}
              <strong>{t(`consent.cookies.${cookie.id}.name`)}</strong> {cookie.necessary ? <span className="hint">({t("consent.alwaysOn")})</span> : null}
            </label>
            <p className="hint">
              {t(`consent.cookies.${cookie.id}.description`)}{" "}
              {cookie.links.map((link) => (
                <Link key={link.href} to={to(link.href)}>
                  {t(link.label)}
                </Link>
              ))}
            </p>
          </li>
        ))}
      </ul>
      {unsaved ? (
        <p className="warning" role="status">
          {t("consent.unsaved")}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" name="intent" value="save" className="primary">
          {t("consent.save")}
        </button>
        <button type="submit" name="intent" value="accept">
          {t("consent.acceptAll")}
        </button>
        <button type="submit" name="intent" value="decline">
          {t("consent.declineAll")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The banner, until the visitor chooses: accept all, necessary only, or manage (the settings,
 * folded). Where configured it covers the page until then.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const to = useLocalePath();
  if (!data || data.consent.state !== "unset" || location.pathname.endsWith("/cookies")) return null;
  const here = location.pathname + location.search;
  return (
    <div className={data.consentForced ? "cookie-backdrop" : undefined}>
      <section className="cookie-banner" aria-label={t("consent.title")} role={data.consentForced ? "dialog" : "region"} aria-modal={data.consentForced || undefined}>
        <p>
          <strong>{t("consent.title")}</strong> {t("consent.text")} <Link to={to("/privacy")}>{t("consent.privacyLink")}</Link>
        </p>
        <Form method="post" action={to("/cookies")} className="actions">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" name="intent" value="accept" className="primary">
            {t("consent.acceptAll")}
          </button>
          <button type="submit" name="intent" value="decline">
            {t("consent.necessaryOnly")}
          </button>
        </Form>
        <details>
          <summary>{t("consent.manage")}</summary>
          <CookieSettings consent={data.consent} redirectTo={here} />
        </details>
      </section>
    </div>
  );
}
