import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CookieSettings } from "~/components/CookieConsent";
import { title } from "~/components/PageTitle";
import { consentSchema } from "~/forms/consent";
import { requestLanguage } from "~/i18n.server";
import { choose } from "~/lib/consent";
import { consentHeaders, consentOf } from "~/lib/consent.server";
import { localizePath, safeRedirect } from "~/lib/locale";

/**
 * /cookies: the cookie settings on a page of their own (what the small button in the footer
 * reopens), and where the banner's and the settings' forms are sent.
 */
export const handle = title((t) => t("consent.settings"));

export async function loader({ request }: LoaderFunctionArgs) {
  const back = new URL(request.url).searchParams.get("back");
  return json({ consent: await consentOf(request), back: safeRedirect(back, localizePath("/", requestLanguage(request))) });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: consentSchema });
  if (submission.status !== "success") throw json("error.badRequest", { status: 400 });
  const { intent, optional, redirectTo } = submission.value;
  const target = safeRedirect(redirectTo, localizePath("/", requestLanguage(request)));
  return redirect(target, { headers: await consentHeaders(choose(intent, optional)) });
}

export default function CookiesPage() {
  const { t } = useTranslation();
  const { consent, back } = useLoaderData<typeof loader>();
  return (
    <section className="form-page">
      <h1>{t("consent.settings")}</h1>
      <p>{t(consent.state === "unset" ? "consent.stateUnset" : consent.state === "declined" ? "consent.stateDeclined" : "consent.stateGiven")}</p>
      <CookieSettings key={JSON.stringify(consent)} consent={consent} redirectTo={back} />
    </section>
  );
}
