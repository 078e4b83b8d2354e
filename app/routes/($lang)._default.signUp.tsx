import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { signUp } from "~/auth/accounts.server";
import { newBotChallenge } from "~/auth/botCheck.server";
import { sendAccountMail } from "~/auth/mails.server";
import { BotCheck } from "~/components/BotCheck";
import { Field, FieldError, FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { signUpSchema } from "~/forms/account";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { title } from "~/components/PageTitle";

const HIDDEN = ["password", "passwordConfirmation", "captcha", "captchaId", "altcha", "website"];


export const handle = title((t) => t("signUp.title"));

export async function loader() {
  return json({ challenge: await newBotChallenge(db()) });
}

export async function action({ request }: ActionFunctionArgs) {
  const language = requestLanguage(request);
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success") {
    return json({ result: bounded(submission.reply({ hideFields: HIDDEN })), challenge: await newBotChallenge(db()) });
  }
  const result = await signUp(db(), { ...submission.value, locale: language }, (user, key) => sendAccountMail("confirm", user, key));
  if (!result.ok) {
    return json({ result: replyWithFailure(submission, result, HIDDEN), challenge: await newBotChallenge(db()) }, { status: 400 });
  }
  return redirectWithNotice(request, localizePath("/signIn", language), "notice.confirmationSent");
}

export default function SignUp() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const challenge = actionData?.challenge ?? loaderData.challenge;
  const [form, fields] = useZodForm("sign-up", signUpSchema, actionData?.result);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-page">
      <h1>{t("signUp.title")}</h1>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormError errors={form.errors} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <Field meta={fields.username} label={t("fields.username")} autoComplete="nickname" />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="new-password" />
        <Field
          meta={fields.passwordConfirmation}
          label={t("fields.passwordConfirmation")}
          type="password"
          autoComplete="new-password"
        />
        <p className="hint">{t("signUp.passwordRules")}</p>
        <Field meta={fields.registrationCode} label={t("fields.registrationCode")} />
        <BotCheck challenge={challenge} captcha={fields.captcha} captchaId={fields.captchaId} />
        <div className="field checkbox">
          <input {...getInputProps(fields.eula, { type: "checkbox" })} key={fields.eula.key} />
          <label htmlFor={fields.eula.id}>
            {t("signUp.eulaAgree")} <Link to={to("/eula")}>{t("footer.terms")}</Link>
          </label>
          <FieldError id={fields.eula.errorId} errors={fields.eula.errors} />
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {t("signUp.submit")}
        </button>
      </Form>
      <p>
        {t("signUp.haveAccount")} <Link to={to("/signIn")}>{t("signIn.title")}</Link>
      </p>
    </section>
  );
}
