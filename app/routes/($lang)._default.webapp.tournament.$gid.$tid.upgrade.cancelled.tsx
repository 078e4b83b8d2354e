import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { UpgradeResult } from "~/components/UpgradeResult";
import { title } from "~/components/PageTitle";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import { isUpgraded } from "~/organiser/upgrade.server";

/** The payment provider's return page (cancelled): the tournament's real state, no authentication check (spec §2). */
export const handle = title((t) => t("upgrade.cancelled.title"));

export async function loader({ params }: LoaderFunctionArgs) {
  return json({ upgraded: await isUpgraded(db(), toId(params.tid)) });
}

export default function UpgradeCancelled() {
  return <UpgradeResult outcome="cancelled" />;
}
