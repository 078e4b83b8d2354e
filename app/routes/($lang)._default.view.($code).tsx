import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { title } from "~/components/PageTitle";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { openViewCode } from "~/organiser/publicAccess.server";

/** /view/{code} (and /view with a form): a view code from an organiser opens its tournament for reading. */
export const handle = title((t) => t("viewCodes.title"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = (params.code ?? new URL(request.url).searchParams.get("code") ?? "").slice(0, 64);
  if (!code) return json({ error: null });
  const opened = await openViewCode(request, code);
  if (!opened) return json({ error: "viewCodes.invalid" }, { status: 404 });
  return redirect(localizePath(opened.path, requestLanguage(request)), { headers: { "Set-Cookie": opened.cookie } });
}

export default function ViewCodePage() {
  const { t } = useTranslation();
  const { error } = useLoaderData<typeof loader>();
  return (
    <section className="form-page">
      <h1>{t("viewCodes.title")}</h1>
      <p>{t("viewCodes.intro")}</p>
      {error ? <p className="form-error">{t(error)}</p> : null}
      <Form method="get" className="inline-form">
        <label htmlFor="view-code">{t("viewCodes.code")}</label>
        <input id="view-code" name="code" required maxLength={32} autoComplete="off" autoCapitalize="characters" />
        <button type="submit" className="primary">
          {t("viewCodes.open")}
        </button>
      </Form>
    </section>
  );
}
