import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkDeletionCode, confirmAccountDeletion } from "~/auth/accounts.server";
import { FormError } from "~/components/Field";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { title } from "~/components/PageTitle";
import { sheetService } from "~/sheets/service.server";
import { removeTournamentFiles } from "~/sheets/sheets.server";

/** Second step of deleting an account: the e-mailed link leads here, and a button deletes for good. */

export const handle = title((t) => t("confirmDeletion.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code") ?? "";
  const check = await checkDeletionCode(db(), code);
  return json({ code, error: check.ok ? null : check.error }, { status: check.ok ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const code = String((await request.formData()).get("code") ?? "");
  const result = await confirmAccountDeletion(db(), code);
  if (!result.ok) return json({ error: result.error }, { status: 400 });
  await removeTournamentFiles(sheetService().storage, result.value.tournamentIds);
  // The account's sessions were deleted with it (cascade).
  return redirectWithNotice(request, localizePath("/", requestLanguage(request)), "notice.accountDeleted");
}

export default function ConfirmDeletion() {
  const { t } = useTranslation();
  const { code, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shown = actionData?.error ?? error;
  return (
    <section className="form-page">
      <h1>{t("confirmDeletion.title")}</h1>
      {shown ? (
        <FormError errors={[shown]} />
      ) : (
        <Form method="post">
          <p>{t("confirmDeletion.warning")}</p>
          <input type="hidden" name="code" value={code} />
          <button type="submit" className="danger">
            {t("confirmDeletion.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
