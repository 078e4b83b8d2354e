import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import { fixedT } from "~/i18n.server";
import { config } from "~/lib/config.server";
import type { Language } from "~/lib/i18n";
import { localizePath } from "~/lib/locale";
import { sendMail } from "~/lib/mail.server";

/**
 * The newsletter (spec §1) with double opt-in: signing up sends a mail whose link confirms the
 * address; nothing is sent to an address that did not confirm. Every mail carries the unsubscribe
 * link. The same answer is given whether an address was known or not, so the form tells nobody
 * who subscribed.
 */
const newToken = () => randomBytes(24).toString("base64url");

export function newsletterLink(kind: "confirm" | "unsubscribe", token: string, language: Language): string {
  return `${config().publicUrl}${localizePath(`/newsletter/${kind}`, language)}?${new URLSearchParams({ token })}`;
}

export async function signUpForNewsletter(db: Db, email: string, language: Language): Promise<void> {
  const address = email.trim().toLowerCase();
  const known = await db.newsletterSubscriber.findUnique({ where: { email: address } });
  if (known?.confirmed) return;
  const subscriber = known ?? (await db.newsletterSubscriber.create({ data: { email: address, language, token: newToken() } }));
  const t = await fixedT(language);
  await sendMail({
    to: address,
    subject: t("newsletter.mail.subject"),
    text: t("newsletter.mail.body", { confirm: newsletterLink("confirm", subscriber.token, language), unsubscribe: newsletterLink("unsubscribe", subscriber.token, language) }),
  });
}

/** Confirms the subscription of a token; false when the token is unknown. */
export async function confirmNewsletter(db: Db, token: string): Promise<boolean> {
  const { count } = await db.newsletterSubscriber.updateMany({ where: { token }, data: { confirmed: new Date() } });
  return count > 0;
}

/** Ends the subscription of a token (the address is deleted); false when the token is unknown. */
export async function unsubscribeNewsletter(db: Db, token: string): Promise<boolean> {
  const { count } = await db.newsletterSubscriber.deleteMany({ where: { token } });
  return count > 0;
}

/** Whether a token names a subscription (the confirm and unsubscribe pages show their button only then). */
export async function knownToken(db: Db, token: string): Promise<boolean> {
  return (await db.newsletterSubscriber.count({ where: { token } })) > 0;
}
