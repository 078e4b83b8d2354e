import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageFromPath, localizePath } from "~/lib/locale";
import { readMessage } from "~/lib/messages";

/** The error page: status and message, 404 as 'Page not found: {path}', and a way home. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  let status = 500;
  let text = t("error.unexpected");
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (status === 404) text = t("error.notFound", { path: location.pathname });
    else if (typeof error.data === "string" && error.data) {
      const { key, values } = readMessage(error.data);
      text = t(key, { ...values, defaultValue: error.statusText || key });
    } else text = error.statusText || text;
  } else if (error instanceof Error) {
    console.error(error);
  }
  return (
    <section className="error-page">
      <h1>{status}</h1>
      <p>{text}</p>
      <Link className="button" to={localizePath("/", languageFromPath(location.pathname))}>
        {t("error.backHome")}
      </Link>
    </section>
  );
}
