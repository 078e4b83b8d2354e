import Stripe from "stripe";
import type { Db } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import { logger } from "~/lib/log.server";

/**
 * The paid upgrade of a tournament (spec §2, §3 upgraded/upgraded_time): a Stripe Checkout session
 * made on the server, and the webhook that marks the tournament upgraded once Stripe says it is
 * paid: its signature verified, each event handled once (replays change nothing). Nothing else
 * upgrades a tournament.
 */
export type StripeSettings = NonNullable<Config["stripe"]>;

export function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

/** What the upgrade gives, in numbers (the sheet storage quota of the configuration). */
export function upgradeOffer(quota: Config["sheetQuota"], stripe: Config["stripe"]) {
  const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return {
    storageMb: megabytes(quota.bytes),
    upgradedStorageMb: megabytes(quota.upgradedBytes),
    price: stripe ? { cents: stripe.priceCents, currency: stripe.currency } : null,
  };
}

type CheckoutInput = {
  tournament: { id: number; name: string };
  user: { id: number; email: string; stripeCustomerId: string | null };
  successUrl: string;
  cancelUrl: string;
};

/** A Checkout session for one tournament's upgrade; the address to send the organiser to. */
export async function createCheckout(settings: StripeSettings, input: CheckoutInput): Promise<string> {
  const session = await stripeClient(settings).checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: settings.currency, unit_amount: settings.priceCents, product_data: { name: `Kiebitz upgrade: ${input.tournament.name}`.slice(0, 250) } },
      },
    ],
    client_reference_id: String(input.tournament.id),
    metadata: { tournamentId: String(input.tournament.id), userId: String(input.user.id) },
    ...(input.user.stripeCustomerId ? { customer: input.user.stripeCustomerId } : { customer_email: input.user.email }),
    success_url: `${input.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: input.cancelUrl,
  });
  if (!session.url) throw new Error("Stripe returned no checkout address");
  return session.url;
}

export type WebhookOutcome = { status: 200; handled: "upgraded" | "replayed" | "ignored" } | { status: 400; error: string };

/** Handles one webhook delivery: the raw body as received, and its Stripe-Signature header. */
export async function handleWebhook(db: Db, settings: StripeSettings, body: string, signature: string | null): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = await stripeClient(settings).webhooks.constructEventAsync(body, signature ?? "", settings.webhookSecret);
  } catch (error) {
    logger.warn({ reason: String((error as Error).message).split("\n")[0].slice(0, 200) }, "stripe webhook refused");
    return { status: 400, error: "bad signature" };
  }
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return { status: 200, handled: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  const tournamentId = Number(session.metadata?.tournamentId);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(tournamentId)) return { status: 200, handled: "ignored" };
  return db.$transaction(async (tx) => {
    const seen = await tx.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
    if (seen.count === 0) return { status: 200 as const, handled: "replayed" as const };
    const { count } = await tx.tournament.updateMany({ where: { id: tournamentId, upgraded: false }, data: { upgraded: true, upgradedTime: new Date(event.created * 1000) } });
    const userId = Number(session.metadata?.userId);
    const customer = typeof session.customer === "string" ? session.customer : null;
    if (customer && Number.isSafeInteger(userId)) await tx.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customer } });
    logger.info({ tournamentId, event: event.id, changed: count }, "tournament upgraded");
    return { status: 200 as const, handled: "upgraded" as const };
  });
}

/** Whether a tournament is upgraded (the return pages, which carry no authentication check, show only this). */
export async function isUpgraded(db: Db, tournamentId: number | null): Promise<boolean> {
  if (tournamentId === null) return false;
  return Boolean((await db.tournament.findUnique({ where: { id: tournamentId }, select: { upgraded: true } }))?.upgraded);
}
