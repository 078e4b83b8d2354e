import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FieldError, FormError } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { contactSchema } from "~/forms/account";
import { requestLanguage } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { localizePath } from "~/lib/locale";
import { sendMail } from "~/lib/mail.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { bounded } from "~/forms/reply.server";

/** Contact form (e-mail, name, subject, message): sent to the operator's address. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  const { email, name, subject, message } = submission.value;
  await sendMail({ to: config().mailFrom, subject: `[Kiebitz contact] ${subject}`, text: `${name} <${email}>\n\n${message}` });
  return redirectWithNotice(request, localizePath("/contact", requestLanguage(request)), "notice.messageSent");
}

export default function Contact() {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("contact", contactSchema, useActionData<typeof action>()?.result);
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
        <button type="submit" className="primary">
          {t("contact.send")}
        </button>
      </Form>
    </section>
  );
}
