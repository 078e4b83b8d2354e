import { Link, useLoaderData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "./Shell";

/**
 * Return page of the payment provider (spec §2: no authentication check), for success or
 * cancellation, with the tournament's real state: upgraded once Stripe's webhook said it is paid.
 */
export function UpgradeResult({ outcome }: { outcome: "success" | "cancelled" }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid } = useParams();
  const { upgraded } = useLoaderData<{ upgraded: boolean }>();
  return (
    <section className="form-page">
      <h1>{t(`upgrade.${outcome}.title`)}</h1>
      <p className={upgraded ? "success" : undefined} role="status">
        {t(upgraded ? "upgrade.stateUpgraded" : outcome === "success" ? "upgrade.stateConfirming" : "upgrade.cancelled.text")}
      </p>
      <Link className="button" to={to(`/webapp/tournament/${gid}/${tid}`)}>
        {t("upgrade.back")}
      </Link>
    </section>
  );
}
