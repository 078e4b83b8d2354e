import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/user.server";
import { EventFields } from "~/components/EventFields";
import { Field, FormError } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { createEventSchema } from "~/forms/organiser";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { createEvent } from "~/organiser/events.server";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("events.create"));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: createEventSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  const created = await createEvent(db(), user.id, submission.value);
  if (!created.ok) return json({ result: replyWithFailure(submission, created) });
  return redirectWithNotice(request, localizePath(`/webapp/event/${created.value.id}`, requestLanguage(request)), "notice.eventCreated");
}

export default function CreateEvent() {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("create-event", createEventSchema, useActionData<typeof action>()?.result);
  return (
    <section className="form-page">
      <h1>{t("events.create")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} />
        <EventFields fields={fields as never} />
        <Field meta={fields.linkUrl} label={t("links.url")} />
        <Field meta={fields.linkText} label={t("links.text")} />
        <button type="submit" className="primary">
          {t("events.create")}
        </button>
      </Form>
    </section>
  );
}
