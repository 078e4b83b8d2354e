import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { changeName, changePassword, requestAccountDeletion } from "~/auth/accounts.server";
import { sendAccountMail } from "~/auth/mails.server";
import { currentSessionId, endOtherSessions, requireUser } from "~/auth/user.server";
import { Field, FormError } from "~/components/Field";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { changeNameSchema, changePasswordSchema, deleteAccountSchema } from "~/forms/account";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("account.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ email: user.email, username: user.username });
}

const PASSWORDS = ["currentPassword", "password", "passwordConfirmation"];

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const here = localizePath("/webapp/account", requestLanguage(request));
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "changeName": {
      const submission = parseWithZod(formData, { schema: changeNameSchema });
      if (submission.status !== "success") return json({ intent: "changeName", result: bounded(submission.reply()) });
      await changeName(db(), user.id, submission.value.username);
      return redirectWithNotice(request, here, "notice.nameChanged");
    }
    case "changePassword": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") {
        return json({ intent: "changePassword", result: bounded(submission.reply({ hideFields: PASSWORDS })) });
      }
      const result = await changePassword(db(), user.id, submission.value.currentPassword, submission.value.password, await currentSessionId(request));
      if (!result.ok) return json({ intent: "changePassword", result: replyWithFailure(submission, result, PASSWORDS) });
      return redirectWithNotice(request, here, "notice.passwordChanged");
    }
    case "deleteAccount": {
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return json({ intent: "deleteAccount", result: bounded(submission.reply()) });
      const result = await requestAccountDeletion(db(), user.id, (key) => sendAccountMail("deleteAccount", user, key));
      if (!result.ok) return json({ intent: "deleteAccount", result: replyWithFailure(submission, result) });
      return redirectWithNotice(request, here, "notice.deletionSent");
    }
    case "signOutElsewhere": {
      await endOtherSessions(request, user.id);
      return redirectWithNotice(request, here, "notice.signedOutElsewhere");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

function useIntentResult(intent: string) {
  const data = useActionData<typeof action>();
  return data?.intent === intent ? data.result : undefined;
}

export default function Account() {
  const { t } = useTranslation();
  const { email, username } = useLoaderData<typeof loader>();
  const [nameForm, nameFields] = useZodForm("change-name", changeNameSchema, useIntentResult("changeName"), { username });
  const [passwordForm, passwordFields] = useZodForm("change-password", changePasswordSchema, useIntentResult("changePassword"));
  const [deleteForm] = useZodForm("delete-account", deleteAccountSchema, useIntentResult("deleteAccount"));
  return (
    <section className="form-page">
      <h1>{t("account.title")}</h1>
      <p>
        {t("fields.email")}: <strong>{email}</strong>
      </p>

      <h2>{t("account.changeName")}</h2>
      <Form method="post" {...getFormProps(nameForm)} noValidate>
        <input type="hidden" name="intent" value="changeName" />
        <FormError errors={nameForm.errors} />
        <Field meta={nameFields.username} label={t("fields.username")} autoComplete="nickname" />
        <button type="submit">{t("account.saveName")}</button>
      </Form>

      <h2>{t("account.changePassword")}</h2>
      <Form method="post" {...getFormProps(passwordForm)} noValidate>
        <input type="hidden" name="intent" value="changePassword" />
        <FormError errors={passwordForm.errors} />
        <Field meta={passwordFields.currentPassword} label={t("fields.currentPassword")} type="password" autoComplete="current-password" />
        <Field meta={passwordFields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password" />
        <Field
          meta={passwordFields.passwordConfirmation}
          label={t("fields.passwordConfirmation")}
          type="password"
          autoComplete="new-password"
        />
        <p className="hint">{t("signUp.passwordRules")}</p>
        <button type="submit">{t("account.savePassword")}</button>
      </Form>

      <h2>{t("account.sessions")}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="signOutElsewhere" />
        <p>{t("account.sessionsExplanation")}</p>
        <button type="submit">{t("account.signOutElsewhere")}</button>
      </Form>

      <h2>{t("account.deleteAccount")}</h2>
      <Form method="post" {...getFormProps(deleteForm)} noValidate>
        <input type="hidden" name="intent" value="deleteAccount" />
        <FormError errors={deleteForm.errors} />
        <p>{t("account.deleteExplanation")}</p>
        <button type="submit" className="danger">
          {t("account.requestDeletion")}
        </button>
      </Form>
    </section>
  );
}
