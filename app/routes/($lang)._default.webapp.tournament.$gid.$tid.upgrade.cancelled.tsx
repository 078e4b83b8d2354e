import { UpgradeResult } from "~/components/UpgradeResult";

export default function UpgradeCancelled() {
  return <UpgradeResult outcome="cancelled" />;
}
