import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorizationError } from "remix-auth";
import { auth } from "~/auth/authenticator.server";
import { clearFailedSignIns, recordFailedSignIn, signInBlockedMinutes, signInKey } from "~/auth/rateLimit.server";
import { getUser, signInAndRedirect } from "~/auth/user.server";
import { Field, FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { signInSchema } from "~/forms/account";
import { requestLanguage } from "~/i18n.server";
import { localizePath, safeRedirect } from "~/lib/locale";
import { message } from "~/lib/messages";
import type { loader as rootLoader } from "~/root";
import { bounded } from "~/forms/reply.server";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("signIn.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) return redirect(localizePath("/webapp/dashboard", requestLanguage(request)));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the request again, so the form is read from a copy.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply({ hideFields: ["password"] })) });
  const key = signInKey(submission.value.email, (context as { clientAddress?: string }).clientAddress);
  const blockedMinutes = await signInBlockedMinutes(key);
  if (blockedMinutes > 0) {
    const error = message("auth.tooManyAttempts", { count: blockedMinutes });
    return json({ result: bounded(submission.reply({ formErrors: [error], hideFields: ["password"] })) }, { status: 429 });
  }
  try {
    const userId = await auth().authenticate("password", request, { throwOnError: true, context: { formData } });
    await clearFailedSignIns(key);
    const fallback = localizePath("/webapp/dashboard", requestLanguage(request));
    return signInAndRedirect(request, userId, safeRedirect(submission.value.redirectTo, fallback));
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    await recordFailedSignIn(key);
    return json({ result: bounded(submission.reply({ formErrors: [error.message], hideFields: ["password"] })) }, { status: 401 });
  }
}

export default function SignIn() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm("sign-in", signInSchema, actionData?.result);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-page">
      <h1>{t("signIn.title")}</h1>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormError errors={form.errors} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="primary" disabled={busy}>
          {t("signIn.submit")}
        </button>
      </Form>
      <GoogleSignIn />
      <p>
        <Link to={to("/resetPassword")}>{t("signIn.forgotPassword")}</Link>
      </p>
      <p>
        {t("signIn.noAccount")} <Link to={to("/signUp")}>{t("signUp.title")}</Link>
      </p>
    </section>
  );
}

/** Shown only when Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
function GoogleSignIn() {
  const { t } = useTranslation();
  if (!useRouteLoaderData<typeof rootLoader>("root")?.googleSignIn) return null;
  return (
    <Form method="post" action="/auth/google" className="social">
      <button type="submit">{t("signIn.google")}</button>
    </Form>
  );
}
