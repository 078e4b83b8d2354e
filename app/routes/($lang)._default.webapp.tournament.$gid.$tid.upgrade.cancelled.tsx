import { UpgradeResult } from "~/components/UpgradeResult";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("upgrade.cancelled.title"));

export default function UpgradeCancelled() {
  return <UpgradeResult outcome="cancelled" />;
}
