import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "./Field";

/** The page a newsletter mail's link opens: a button that confirms or unsubscribes, or why it cannot. */
export function NewsletterLinkPage({ kind }: { kind: "confirm" | "unsubscribe" }) {
  const { t } = useTranslation();
  const { token } = useLoaderData<{ token: string | null }>();
  const error = useActionData<{ error?: string }>()?.error;
  return (
    <section className="form-page">
      <h1>{t(`newsletter.${kind}.title`)}</h1>
      {token ? (
        <Form method="post">
          <p>{t(`newsletter.${kind}.text`)}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="primary">
            {t(`newsletter.${kind}.button`)}
          </button>
          <FormError errors={error ? [error] : undefined} />
        </Form>
      ) : (
        <p className="form-error">{t("newsletter.unknownLink")}</p>
      )}
    </section>
  );
}
