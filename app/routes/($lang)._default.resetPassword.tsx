import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkResetCode, requestPasswordReset, resetPassword } from "~/auth/accounts.server";
import { sendAccountMail } from "~/auth/mails.server";
import { Field, FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { forgotPasswordSchema, resetPasswordSchema } from "~/forms/account";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { title } from "~/components/PageTitle";

/** Without ?code: "forgot password" (e-mail a code). With ?code: set a new password, once, within an hour. */

export const handle = title((t) => t("resetPassword.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code");
  if (!code) return json({ code: null, codeError: null });
  const check = await checkResetCode(db(), code);
  return json({ code, codeError: check.ok ? null : check.error });
}

export async function action({ request }: ActionFunctionArgs) {
  const language = requestLanguage(request);
  const formData = await request.formData();
  if (formData.has("code")) {
    const submission = parseWithZod(formData, { schema: resetPasswordSchema });
    const hidden = ["password", "passwordConfirmation"];
    if (submission.status !== "success") return json({ result: bounded(submission.reply({ hideFields: hidden })) });
    const result = await resetPassword(db(), submission.value.code, submission.value.password);
    if (!result.ok) return json({ result: replyWithFailure(submission, result, hidden) }, { status: 400 });
    return redirectWithNotice(request, localizePath("/signIn", language), "notice.passwordReset");
  }
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  const result = await requestPasswordReset(db(), submission.value.email, (user, key) => sendAccountMail("resetPassword", user, key));
  if (!result.ok) return json({ result: replyWithFailure(submission, result) }, { status: 503 });
  return redirectWithNotice(request, localizePath("/signIn", language), "notice.resetSent");
}

export default function ResetPassword() {
  const { code, codeError } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  if (!code) return <ForgotPassword />;
  return (
    <section className="form-page">
      <h1>{t("resetPassword.newTitle")}</h1>
      {codeError ? (
        <>
          <FormError errors={[codeError]} />
          <Link to={to("/resetPassword")}>{t("resetPassword.requestAgain")}</Link>
        </>
      ) : (
        <NewPassword code={code} />
      )}
    </section>
  );
}

function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm("forgot-password", forgotPasswordSchema, actionData?.result);
  return (
    <section className="form-page">
      <h1>{t("resetPassword.title")}</h1>
      <p>{t("resetPassword.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormError errors={form.errors} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <button type="submit" className="primary">
          {t("resetPassword.send")}
        </button>
      </Form>
    </section>
  );
}

function NewPassword({ code }: { code: string }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm("new-password", resetPasswordSchema, actionData?.result, { code });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <FormError errors={form.errors} />
      <input type="hidden" name="code" value={code} />
      <Field meta={fields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password" />
      <Field
        meta={fields.passwordConfirmation}
        label={t("fields.passwordConfirmation")}
        type="password"
        autoComplete="new-password"
      />
      <p className="hint">{t("signUp.passwordRules")}</p>
      <button type="submit" className="primary">
        {t("resetPassword.save")}
      </button>
    </Form>
  );
}
