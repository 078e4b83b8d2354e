import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";
import { languageFromPath, localizePath, stripLanguage, switchLanguage } from "~/lib/locale";
import { CookieBanner } from "./CookieConsent";
import { readMessage } from "~/lib/messages";

/** The language of the current page, read from its URL. */
export function useLanguage() {
  return languageFromPath(useLocation().pathname);
}

/** Builds links into the current language ("/about" → "/de/about" on German pages). */
export function useLocalePath() {
  const language = languageFromPath(useLocation().pathname);
  return (path: string) => localizePath(path, language);
}

/**
 * The header: the brand and the navigation, which on a phone folds into a menu (a <details>, so
 * it opens without JavaScript too); only one of the two navigations is shown at a time.
 */
function Header() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const to = useLocalePath();
  return (
    <header className="site-header">
      <Link to={to("/")} className="brand">
        Kiebitz <span className="badge">{t(data?.badge === "beta" ? "header.beta" : "header.test")}</span>
      </Link>
      <nav aria-label={t("header.navigation")} className="nav-wide">
        <NavigationLinks />
      </nav>
      <details className="nav-phone">
        <summary>{t("header.menu")}</summary>
        <nav aria-label={t("header.navigation")}>
          <NavigationLinks />
        </nav>
      </details>
    </header>
  );
}

function NavigationLinks() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const to = useLocalePath();
  const other = languageFromPath(location.pathname) === "en" ? "de" : "en";
  const user = data?.user;
  return (
    <>
        {user ? (
          <>
            <NavLink to={to("/webapp/dashboard")}>{t("header.tournaments")}</NavLink>
            {user.admin ? <NavLink to={to("/webapp/adminPage")}>{t("header.admin")}</NavLink> : null}
            <NavLink to={to("/webapp/account")}>{t("header.account")}</NavLink>
            <Form method="post" action={to("/signOut")} className="inline">
              <button type="submit" className="link-button">
                {t("header.signOut")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <NavLink to={to("/about")}>{t("header.about")}</NavLink>
            <NavLink to={to("/contact")}>{t("header.contact")}</NavLink>
            <Link className="button" to={to("/signIn")}>
              {t("header.signIn")}
            </Link>
          </>
        )}
        <Link to={switchLanguage(location.pathname, location.search, other)} hrefLang={other} lang={other} reloadDocument>
          {t(`language.${other}`)}
        </Link>
    </>
  );
}

function Footer() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <footer className="site-footer">
      <Link to={to("/about")}>{t("footer.about")}</Link>
      <Link to={to("/contact")}>{t("footer.contact")}</Link>
      <Link to={to("/company")}>{t("footer.company")}</Link>
      <Link to={to("/privacy")}>{t("footer.privacy")}</Link>
      <Link to={to("/eula")}>{t("footer.terms")}</Link>
      <Link to={to("/docs/app")}>{t("footer.scanApp")}</Link>
      <Link to={to("/docs/overview")}>{t("footer.docs")}</Link>
      <CookieSettingsLink />
    </footer>
  );
}

/** The small button that reopens the cookie settings after the visitor chose. */
function CookieSettingsLink() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const location = useLocation();
  const back = stripLanguage(location.pathname) === "/cookies" ? "" : `?${new URLSearchParams({ back: location.pathname + location.search })}`;
  return (
    <Link to={to(`/cookies${back}`)} className="button small cookie-button">
      {t("consent.settings")}
    </Link>
  );
}

function Notice() {
  const { t } = useTranslation();
  const notice = useRouteLoaderData<typeof rootLoader>("root")?.notice;
  if (!notice) return null;
  const { key, values } = readMessage(notice);
  return (
    <div className="notice" role="status">
      {t(key, values)}
    </div>
  );
}

/** Header, the page (in the layout's frame) and footer, shared by all layouts. */
export function Shell({ children, layout = "default" }: { children: ReactNode; layout?: string }) {
  return (
    <div className={`layout layout-${layout}`}>
      <CookieBanner />
      <Header />
      <main>
        <Notice />
        {children}
      </main>
      <Footer />
    </div>
  );
}
