import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { db } from "~/db/client.server";
import type { Db } from "~/db/client.server";
import { newsletterTokenSchema } from "~/forms/account";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { knownToken } from "./newsletter.server";

/** The confirm and unsubscribe links of newsletter mails: the page (with its button when the token is known) and the button's action. */
export async function newsletterLinkLoader(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = newsletterTokenSchema.safeParse({ token }).success && (await knownToken(db(), token));
  return json({ token: valid ? token : null });
}

export async function newsletterLinkAction(request: Request, kind: "confirm" | "unsubscribe", act: (db: Db, token: string) => Promise<boolean>) {
  const submission = parseWithZod(await request.formData(), { schema: newsletterTokenSchema });
  const done = submission.status === "success" && (await act(db(), submission.value.token));
  if (!done) return json({ error: "newsletter.unknownLink" }, { status: 404 });
  return redirectWithNotice(request, localizePath("/newsletter", requestLanguage(request)), `newsletter.${kind}.done`);
}
