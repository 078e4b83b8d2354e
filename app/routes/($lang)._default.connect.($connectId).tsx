import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConnectForm } from "~/components/ConnectForm";
import { FormError } from "~/components/Field";
import { title } from "~/components/PageTitle";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/db/client.server";
import { checkCode, normaliseCode } from "~/devices/devices.server";

export const handle = title((t) => t("connect.title"));

/**
 * /connect and /connect/{connectId} (spec §2): how a phone is linked to a tournament, and whether
 * a code can be used (valid until when, for which tournament; or expired, used, invalid).
 */
async function check(text: string) {
  const code = normaliseCode(text);
  if (!code) return null;
  const checked = await checkCode(db(), code);
  return { code, ...checked };
}

export async function loader({ params }: LoaderFunctionArgs) {
  return json({ checked: params.connectId ? await check(params.connectId) : null });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const checked = await check(String(formData.get("code") ?? ""));
  return json({ checked: checked ?? { code: "", ok: false as const, error: "validation.required" } });
}

export default function ConnectPage() {
  const { t, i18n } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const checked = data?.checked ?? loaded.checked;
  return (
    <section className="text-page">
      <h1>{t("connect.title")}</h1>
      <p>{t("connect.intro")}</p>
      <ol>
        <li>{t("connect.step1")}</li>
        <li>{t("connect.step2")}</li>
        <li>{t("connect.step3")}</li>
      </ol>
      <p className="hint">{t("connect.ios")}</p>
      <Form method="post" className="form-page">
        <div className="field">
          <label htmlFor="connect-code">{t("connect.code")}</label>
          <input id="connect-code" name="code" defaultValue={checked?.code ?? ""} autoComplete="off" autoCapitalize="characters" maxLength={32} />
        </div>
        <button type="submit" className="primary">
          {t("connect.check")}
        </button>
      </Form>
      {checked && !checked.ok ? <FormError errors={[checked.error]} /> : null}
      {checked?.ok ? (
        <div className="connect-ok" role="status">
          <p>{t("connect.valid", { tournament: checked.tournament, expires: formatDateTime(checked.expires, i18n.language === "de" ? "de" : "en") })}</p>
          <p>{t("connect.thisPhone")}</p>
          <ConnectForm code={checked.code} />
          <p>
            <a href={`kiebitz-scan://connect/${checked.code}`}>{t("connect.openApp")}</a>
          </p>
        </div>
      ) : null}
    </section>
  );
}
