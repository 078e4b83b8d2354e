import { useTranslation } from "react-i18next";
import { MODES, TIEBREAK_CHOICES, TWZ, type tournamentSchema } from "~/forms/organiser";
import { Field, SelectField } from "./Field";
import type { useZodForm } from "./useZodForm";

type Fields = ReturnType<typeof useZodForm<typeof tournamentSchema>>[1];

/** The fields a tournament is created with (and changed in its settings). */
export function TournamentFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation();
  return (
    <>
      <Field meta={fields.name} label={t("tournaments.name")} />
      <SelectField meta={fields.form} label={t("tournaments.form")} options={["SINGLE_PLAYER", "TEAM"]} prefix="tournaments.forms" />
      <SelectField meta={fields.mode} label={t("tournaments.mode")} options={MODES} prefix="tournaments.modes" />
      <Field meta={fields.plannedRounds as never} label={t("tournaments.rounds")} type="number" />
      <SelectField meta={fields.tiebreak1} label={t("tournaments.tiebreak", { n: 1 })} options={TIEBREAK_CHOICES} prefix="tiebreaks" />
      <SelectField meta={fields.tiebreak2} label={t("tournaments.tiebreak", { n: 2 })} options={TIEBREAK_CHOICES} prefix="tiebreaks" />
      <SelectField meta={fields.tiebreak3} label={t("tournaments.tiebreak", { n: 3 })} options={TIEBREAK_CHOICES} prefix="tiebreaks" />
      <SelectField meta={fields.twzSetting} label={t("tournaments.twz")} options={TWZ} prefix="tournaments.twzSettings" />
      <Field meta={fields.pseudoRating as never} label={t("tournaments.pseudoRating")} type="number" />
      <Field meta={fields.startDate as never} label={t("events.startDate")} type="date" />
      <Field meta={fields.endDate as never} label={t("events.endDate")} type="date" />
    </>
  );
}
