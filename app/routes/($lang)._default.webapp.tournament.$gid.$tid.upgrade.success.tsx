import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/components/Shell";

/** Return page of the payment provider (spec §2: no authentication check). */
export default function UpgradeSuccess() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid } = useParams();
  return (
    <section className="form-page">
      <h1>{t("upgrade.success.title")}</h1>
      <p>{t("upgrade.success.text")}</p>
      <Link className="button" to={to(`/webapp/tournament/${gid}/${tid}`)}>
        {t("upgrade.back")}
      </Link>
    </section>
  );
}
