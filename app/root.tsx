import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { isAdmin, getUser } from "~/auth/user.server";
import { ErrorPage } from "~/components/ErrorPage";
import { useNonce } from "~/components/nonce";
import { PageTitle } from "~/components/PageTitle";
import { Shell } from "~/components/Shell";
import { languageCookie, requestLanguage } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { languageFromPath } from "~/lib/locale";
import { takeNotice } from "~/lib/notice.server";
import { allows } from "~/lib/consent";
import { consentOf, recordVisit } from "~/lib/consent.server";
import { db } from "~/db/client.server";
import stylesheet from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: "common" };

export async function loader({ request }: LoaderFunctionArgs) {
  const language = requestLanguage(request);
  const [user, { notice, setCookie }, consent] = await Promise.all([getUser(request), takeNotice(request), consentOf(request)]);
  // a page opened (not a data request of a page already open), counted with consent only
  if (allows(consent, "statistics") && !new URL(request.url).searchParams.has("_data")) recordVisit(db(), request);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if ((await languageCookie().parse(request.headers.get("Cookie"))) !== language) {
    headers.append("Set-Cookie", await languageCookie().serialize(language));
  }
  return json(
    {
      language,
      user: user && { username: user.username, email: user.email, admin: isAdmin(user) },
      badge: config().appEnv === "production" ? ("beta" as const) : ("test" as const),
      googleSignIn: Boolean(config().google),
      notice,
      consent,
      consentForced: config().consentForced,
    },
    { headers },
  );
}

export type RootData = ReturnType<typeof useRootData>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}


export function Layout({ children }: { children: ReactNode }) {
  const language = languageFromPath(useLocation().pathname);
  const nonce = useNonce();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageTitle />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const language = languageFromPath(useLocation().pathname);
  useChangeLanguage(language);
  return <Outlet />;
}

export function ErrorBoundary() {
  const { i18n } = useTranslation();
  const language = languageFromPath(useLocation().pathname);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  return (
    <Shell>
      <ErrorPage />
    </Shell>
  );
}
