import { getTextareaProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { eventSchema } from "~/forms/organiser";
import { Field, FieldError } from "./Field";
import type { useZodForm } from "./useZodForm";

/** Name, description, place and dates of an event (create and rename). */
export function EventFields({ fields }: { fields: ReturnType<typeof useZodForm<typeof eventSchema>>[1] }) {
  const { t } = useTranslation();
  return (
    <>
      <Field meta={fields.name} label={t("events.name")} />
      <div className="field">
        <label htmlFor={fields.description.id}>{t("events.description")}</label>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <Field meta={fields.site} label={t("events.site")} />
      <Field meta={fields.startDate as never} label={t("events.startDate")} type="date" />
      <Field meta={fields.endDate as never} label={t("events.endDate")} type="date" />
    </>
  );
}
