import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FieldError, FormError } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { contactSchema } from "~/forms/account";
import { requestLanguage } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { localizePath } from "~/lib/locale";
import { MailError, sendMail } from "~/lib/mail.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { botCheckFailure } from "~/auth/accounts.server";
import { newBotChallenge, passesBotCheck } from "~/auth/botCheck.server";
import { BotCheck } from "~/components/BotCheck";
import { db } from "~/db/client.server";
import { title } from "~/components/PageTitle";

/** Contact form (e-mail, name, subject, message): sent to the operator's address. */
const HIDDEN = ["captcha", "captchaId", "altcha", "website"];


export const handle = title((t) => t("contact.title"));

export async function loader() {
  return json({ challenge: await newBotChallenge(db()) });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply({ hideFields: HIDDEN })), challenge: await newBotChallenge(db()) });
  if (!(await passesBotCheck(db(), submission.value))) {
    return json({ result: replyWithFailure(submission, botCheckFailure(submission.value), HIDDEN), challenge: await newBotChallenge(db()) }, { status: 400 });
  }
  const { email, name, subject, message } = submission.value;
  try {
    await sendMail({ to: config().contactEmail, replyTo: email, subject: `[Kiebitz contact] ${subject}`, text: `${name} <${email}>\n\n${message}` });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    return json({ result: bounded(submission.reply({ formErrors: ["mail.failed"], hideFields: HIDDEN })), challenge: await newBotChallenge(db()) }, { status: 503 });
  }
  return redirectWithNotice(request, localizePath("/contact", requestLanguage(request)), "notice.messageSent");
}

export default function Contact() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const loaderData = useLoaderData<typeof loader>();
  const challenge = actionData?.challenge ?? loaderData.challenge;
  const [form, fields] = useZodForm("contact", contactSchema, actionData?.result);
  return (
    <section className="form-page">
      <h1>{t("contact.title")}</h1>
      <p>{t("contact.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormError errors={form.errors} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <Field meta={fields.name} label={t("contact.name")} autoComplete="name" />
        <Field meta={fields.subject} label={t("contact.subject")} />
        <div className="field">
          <label htmlFor={fields.message.id}>{t("contact.message")}</label>
          <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={6} />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <BotCheck challenge={challenge} captcha={fields.captcha} captchaId={fields.captchaId} />
        <button type="submit" className="primary">
          {t("contact.send")}
        </button>
      </Form>
    </section>
  );
}
