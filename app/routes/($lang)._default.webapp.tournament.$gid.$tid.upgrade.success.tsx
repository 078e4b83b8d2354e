import { UpgradeResult } from "~/components/UpgradeResult";

export default function UpgradeSuccess() {
  return <UpgradeResult outcome="success" />;
}
