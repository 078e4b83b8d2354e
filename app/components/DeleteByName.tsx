import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { deleteByNameSchema } from "~/forms/organiser";
import { Field } from "./Field";
import { useZodForm } from "./useZodForm";

/** Deleting an event or tournament: the warning and the name typed to confirm (spec §5). */
export function DeleteByName({ id, warning, submit, lastResult }: { id: string; warning: string; submit: string; lastResult?: never }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(id, deleteByNameSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="form-page">
      <input type="hidden" name="intent" value="delete" />
      <p className="warning">{warning}</p>
      <Field meta={fields.confirmName} label={t("events.confirmName")} />
      <button type="submit" className="danger">
        {submit}
      </button>
    </Form>
  );
}
