import { NewsletterLinkPage } from "~/components/NewsletterLink";
import { newsletterLinkAction, newsletterLinkLoader } from "~/site/newsletterLink.server";
import { title } from "~/components/PageTitle";
import { confirmNewsletter } from "~/site/newsletter.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/** /newsletter/confirm?token=…: the link of a newsletter mail; a button does it (mail scanners only open links). */
export const handle = title((t) => t("newsletter.confirm.title"));

export const loader = ({ request }: LoaderFunctionArgs) => newsletterLinkLoader(request);

export const action = ({ request }: ActionFunctionArgs) => newsletterLinkAction(request, "confirm", confirmNewsletter);

export default function NewsletterConfirm() {
  return <NewsletterLinkPage kind="confirm" />;
}
