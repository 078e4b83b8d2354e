import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { botCheckFailure } from "~/auth/accounts.server";
import { newBotChallenge, passesBotCheck } from "~/auth/botCheck.server";
import { BotCheck } from "~/components/BotCheck";
import { Field, FormError } from "~/components/Field";
import { title } from "~/components/PageTitle";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { newsletterSchema } from "~/forms/account";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { MailError } from "~/lib/mail.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { signUpForNewsletter } from "~/site/newsletter.server";

/** /newsletter: sign up with an e-mail address, confirmed by the link of a mail (double opt-in). */
const HIDDEN = ["captcha", "captchaId", "altcha", "website"];

export const handle = title((t) => t("newsletter.title"));

export async function loader() {
  return json({ challenge: await newBotChallenge(db()) });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: newsletterSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply({ hideFields: HIDDEN })), challenge: await newBotChallenge(db()) });
  if (!(await passesBotCheck(db(), submission.value))) {
    return json({ result: replyWithFailure(submission, botCheckFailure(submission.value), HIDDEN), challenge: await newBotChallenge(db()) }, { status: 400 });
  }
  const language = requestLanguage(request);
  try {
    await signUpForNewsletter(db(), submission.value.email, language);
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    return json({ result: bounded(submission.reply({ formErrors: ["mail.failed"], hideFields: HIDDEN })), challenge: await newBotChallenge(db()) }, { status: 503 });
  }
  return redirectWithNotice(request, localizePath("/newsletter", language), "newsletter.checkMail");
}

export default function Newsletter() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const loaderData = useLoaderData<typeof loader>();
  const challenge = actionData?.challenge ?? loaderData.challenge;
  const [form, fields] = useZodForm("newsletter", newsletterSchema, actionData?.result);
  return (
    <section className="form-page">
      <h1>{t("newsletter.title")}</h1>
      <p>{t("newsletter.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormError errors={form.errors} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <BotCheck challenge={challenge} captcha={fields.captcha} captchaId={fields.captchaId} />
        <button type="submit" className="primary">
          {t("newsletter.submit")}
        </button>
      </Form>
    </section>
  );
}
