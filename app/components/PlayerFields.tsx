import { getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { playerSchema } from "~/forms/organiser";
import { Field } from "./Field";
import type { useZodForm } from "./useZodForm";

/** Name, title, FIDE id, ELO, NWZ, club, country and active flag of a player (add and edit). */
export function PlayerFields({ fields }: { fields: ReturnType<typeof useZodForm<typeof playerSchema>>[1] }) {
  const { t } = useTranslation();
  return (
    <>
      <Field meta={fields.name} label={t("players.name")} />
      <Field meta={fields.title} label={t("players.title")} />
      <Field meta={fields.fideId} label={t("players.fideId")} />
      <Field meta={fields.elo as never} label={t("players.elo")} type="number" />
      <Field meta={fields.nwz as never} label={t("players.nwz")} type="number" />
      <Field meta={fields.club} label={t("players.club")} />
      <Field meta={fields.country} label={t("players.country")} />
      <div className="field checkbox">
        <input {...getInputProps(fields.active, { type: "checkbox" })} key={fields.active.key} />
        <label htmlFor={fields.active.id}>{t("players.active")}</label>
      </div>
    </>
  );
}
