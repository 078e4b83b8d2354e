import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/Field";
import { title } from "~/components/PageTitle";
import { useLanguage, useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { formatDateTime } from "~/lib/dates";
import { localizePath } from "~/lib/locale";
import { logger } from "~/lib/log.server";
import { requireTournament } from "~/organiser/access.server";
import { createCheckout, upgradeOffer } from "~/organiser/upgrade.server";

/** /webapp/tournament/{gid}/{tid}/upgrade: what the upgrade gives, and the way to pay for it (Stripe Checkout). */
export const handle = title((t, data: { name: string }) => `${t("upgrade.title")} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  return json({
    gid: event.id,
    tid: tournament.id,
    name: tournament.name,
    upgraded: tournament.upgraded,
    upgradedTime: tournament.upgradedTime,
    offer: upgradeOffer(config().sheetQuota, config().stripe),
  });
}

/** Starts the payment: a Checkout session made on the server, then off to Stripe (303). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, event, tournament } = await requireTournament(request, params.gid, params.tid);
  const settings = config().stripe;
  if (!settings) return json({ error: "upgrade.notSetUp" }, { status: 503 });
  const base = `${config().publicUrl}${localizePath(`/webapp/tournament/${event.id}/${tournament.id}/upgrade`, requestLanguage(request))}`;
  if (tournament.upgraded) return redirect(base, 303);
  const account = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true, stripeCustomerId: true } });
  try {
    const url = await createCheckout(settings, { tournament, user: account, successUrl: `${base}/success`, cancelUrl: `${base}/cancelled` });
    return redirect(url, 303);
  } catch (error) {
    logger.error({ err: error, tournamentId: tournament.id }, "checkout session failed");
    return json({ error: "upgrade.failed" }, { status: 503 });
  }
}

export default function Upgrade() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const to = useLocalePath();
  const { gid, tid, name, upgraded, upgradedTime, offer } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const price = offer.price ? new Intl.NumberFormat(i18n.language, { style: "currency", currency: offer.price.currency.toUpperCase() }).format(offer.price.cents / 100) : null;
  return (
    <section className="form-page">
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${gid}/${tid}?tab=settings`)}>{name}</Link>
      </p>
      <h1>{t("upgrade.title")}</h1>
      <ul>
        <li>{t("upgrade.storage", { from: offer.storageMb, to: offer.upgradedStorageMb })}</li>
        <li>{t("upgrade.once")}</li>
      </ul>
      {upgraded ? (
        <p className="success">{t("upgrade.done", { date: upgradedTime ? formatDateTime(upgradedTime, language) : "" })}</p>
      ) : price ? (
        <Form method="post">
          <p>{t("upgrade.price", { price })}</p>
          <button type="submit" className="primary">
            {t("upgrade.pay")}
          </button>
          <FormError errors={error ? [error] : undefined} />
        </Form>
      ) : (
        <p className="form-error">{t("upgrade.notSetUp")}</p>
      )}
    </section>
  );
}
