import { UpgradeResult } from "~/components/UpgradeResult";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("upgrade.success.title"));

export default function UpgradeSuccess() {
  return <UpgradeResult outcome="success" />;
}
