import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { confirmEmail } from "~/auth/accounts.server";
import { sendAccountMail } from "~/auth/mails.server";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { title } from "~/components/PageTitle";

/** The link of the confirmation e-mail: confirms the account once. */

export const handle = title((t) => t("confirm.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code") ?? "";
  const result = await confirmEmail(db(), code, (user, key) => sendAccountMail("confirm", user, key));
  return json({ error: result.ok ? null : result.error }, { status: result.ok ? 200 : 400 });
}

export default function Confirm() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { error } = useLoaderData<typeof loader>();
  return (
    <section className="form-page">
      <h1>{t("confirm.title")}</h1>
      <p role={error ? "alert" : "status"} className={error ? "form-error" : "success"}>
        {t(error ?? "confirm.done")}
      </p>
      <Link className="button primary" to={to("/signIn")}>
        {t("signIn.title")}
      </Link>
    </section>
  );
}
