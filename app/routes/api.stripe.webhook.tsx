import { json, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { config } from "~/lib/config.server";
import { handleWebhook } from "~/organiser/upgrade.server";

/** Stripe only posts: any other method is 405. */
const notAllowed = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
export const loader = notAllowed;

/** POST /api/stripe/webhook: Stripe's events, signature checked before anything is read from them. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return notAllowed();
  const settings = config().stripe;
  if (!settings) return json({ error: "payments are not set up" }, { status: 404 });
  const outcome = await handleWebhook(db(), settings, await request.text(), request.headers.get("Stripe-Signature"));
  return json(outcome, { status: outcome.status });
}
