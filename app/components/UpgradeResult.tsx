import { Link, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "./Shell";

/** Return page of the payment provider (spec §2: no authentication check), for success or cancellation. */
export function UpgradeResult({ outcome }: { outcome: "success" | "cancelled" }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid } = useParams();
  return (
    <section className="form-page">
      <h1>{t(`upgrade.${outcome}.title`)}</h1>
      <p>{t(`upgrade.${outcome}.text`)}</p>
      <Link className="button" to={to(`/webapp/tournament/${gid}/${tid}`)}>
        {t("upgrade.back")}
      </Link>
    </section>
  );
}
