import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, FormError } from "~/components/Field";
import { title } from "~/components/PageTitle";
import { useZodForm } from "~/components/useZodForm";
import { pgnQrCode } from "~/chess/pgnQr.server";
import { pgnQrSchema } from "~/forms/pgnQr";
import { bounded } from "~/forms/reply.server";
import { PGN_QR_MAX_TEXT } from "~/lib/limits";
import { useLocalePath } from "~/components/Shell";

/** /pgnQr: paste one game's PGN, get a QR code to show or download (spec §1). */
export const handle = title((t) => t("pgnQr.title"));

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: pgnQrSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()), code: null }, { status: 400 });
  const code = await pgnQrCode(submission.value.pgn);
  if (!code.ok) return json({ result: bounded(submission.reply({ fieldErrors: { pgn: [code.error] } })), code: null }, { status: 400 });
  return json({ result: bounded(submission.reply()), code: { pgn: code.pgn, bytes: code.bytes, svg: code.svg } });
}

export default function PgnQr() {
  const { t } = useTranslation();
  const data = useActionData<typeof action>();
  const [form, fields] = useZodForm("pgn-qr", pgnQrSchema, data?.result);
  const to = useLocalePath();
  return (
    <section className="form-page pgn-qr">
      <h1>{t("pgnQr.title")}</h1>
      <p>{t("pgnQr.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <div className="field">
          <label htmlFor={fields.pgn.id}>{t("pgnQr.pgn")}</label>
          <textarea {...getTextareaProps(fields.pgn)} rows={10} maxLength={PGN_QR_MAX_TEXT} spellCheck={false} />
          <FieldError id={fields.pgn.errorId} errors={fields.pgn.errors} />
        </div>
        <FormError errors={form.errors} />
        <button type="submit" className="primary">
          {t("pgnQr.submit")}
        </button>
      </Form>
      {data?.code ? (
        <>
          <div className="qr pgn-qr-code" role="img" aria-label={t("pgnQr.codeLabel")} dangerouslySetInnerHTML={{ __html: data.code.svg }} />
          <p className="hint">{t("pgnQr.size", { bytes: data.code.bytes })}</p>
          <Form method="post" action={to("/pgnQr/download")} reloadDocument>
            <input type="hidden" name="pgn" value={data.code.pgn} />
            <button type="submit">
              {t("pgnQr.download")}
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
