import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "./Shell";

/** Links this phone as a device of a tournament with a connection code (the scanning web app); a code already checked is carried along. */
export function ConnectForm({ code }: { code?: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Form method="post" action={to("/scan")} className="form-page">
      <input type="hidden" name="intent" value="connect" />
      {code ? (
        <input type="hidden" name="code" value={code} />
      ) : (
        <div className="field">
          <label htmlFor="scan-code">{t("connect.code")}</label>
          <input id="scan-code" name="code" autoComplete="off" autoCapitalize="characters" maxLength={32} required />
        </div>
      )}
      <div className="field">
        <label htmlFor="scan-name">{t("scan.name")}</label>
        <input id="scan-name" name="name" maxLength={50} placeholder={t("scan.namePlaceholder")} />
      </div>
      <button type="submit" className="primary">
        {t("scan.connect")}
      </button>
    </Form>
  );
}
