import { getFormProps, getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, FormError, SelectField } from "~/components/Field";
import { IntentButton } from "~/components/IntentButton";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { ABSENCE_KINDS, absenceSchema, ACCELERATIONS, accelerationSchema, forbiddenPairSchema, removeRuleSchema } from "~/forms/pairingRules";
import { bounded } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireTournament } from "~/organiser/access.server";
import { addAbsence, addForbiddenPair, pairingRulesOf, removeAbsence, removeForbiddenPair, setAcceleration } from "~/organiser/pairingRules.server";

export const handle = title((t, data: { name: string }) => `${t("pairingRules.heading")} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const swiss = tournament.mode === "SWISS" && tournament.form === "SINGLE_PLAYER";
  const players = await db().player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" }, select: { id: true, snr: true, name: true } });
  return json({
    gid: event.id,
    tid: tournament.id,
    name: tournament.name,
    swiss,
    acceleration: tournament.acceleration,
    planned: tournament.plannedRounds,
    players,
    ...(await pairingRulesOf(db(), tournament.id)),
  });
}

const SCHEMAS = { acceleration: accelerationSchema, forbid: forbiddenPairSchema, absence: absenceSchema, unforbid: removeRuleSchema, removeAbsence: removeRuleSchema } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const here = localizePath(`/webapp/tournament/pairingRules/${event.id}/${tournament.id}`, requestLanguage(request));
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(intent in SCHEMAS)) return json({ intent, error: "pairingRules.notFound" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: SCHEMAS[intent as keyof typeof SCHEMAS] });
  if (submission.status !== "success") return json({ intent, result: bounded(submission.reply()) }, { status: 400 });
  const value = submission.value as unknown as Record<string, never>;
  const done =
    intent === "acceleration"
      ? await setAcceleration(db(), tournament, value.acceleration)
      : intent === "forbid"
        ? await addForbiddenPair(db(), tournament.id, value.first, value.second)
        : intent === "absence"
          ? await addAbsence(db(), tournament, value.player, value.round, value.kind)
          : intent === "unforbid"
            ? (await removeForbiddenPair(db(), tournament.id, value.id))
              ? { ok: true as const }
              : { ok: false as const, error: "pairingRules.notFound" }
            : await removeAbsence(db(), tournament.id, value.id);
  if (!done.ok) return json({ intent, result: bounded(submission.reply({ formErrors: [done.error] })) }, { status: 409 });
  return redirectWithNotice(request, here, "notice.changesSaved");
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; error?: string } | undefined;
type PlayerOption = { id: number; snr: number; name: string };

function PlayerSelect({ meta, label, players }: { meta: FieldMetadata<unknown, Record<string, unknown>, string[]>; label: string; players: PlayerOption[] }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...getSelectProps(meta as FieldMetadata<string>)} key={meta.key}>
        <option value="">{t("pairingRules.choosePlayer")}</option>
        {players.map((p) => (
          <option key={p.id} value={p.id}>
            {p.snr}. {p.name}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Entries with a Remove button each (when they may still be removed), or a line saying there are none. */
function RuleList({ intent, empty, items }: { intent: string; empty: string; items: { id: number; text: string; removable: boolean }[] }) {
  const { t } = useTranslation();
  if (!items.length) return <p>{empty}</p>;
  return (
    <ul className="rule-list">
      {items.map((item) => (
        <li key={item.id}>
          <span>{item.text}</span>
          {item.removable ? (
            <IntentButton intent={intent} values={{ id: item.id }} className="danger">
              {t("pairingRules.remove")}
            </IntentButton>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function PairingRules() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const data = useActionData<typeof action>() as ActionData;
  const { gid, tid, name, swiss, acceleration, planned, players, forbidden, absences, drawn } = useLoaderData<typeof loader>();
  const last = (intent: string) => (data?.intent === intent ? data.result : undefined);
  const [accelerationForm, accelerationFields] = useZodForm("acceleration", accelerationSchema, last("acceleration"), { acceleration });
  const [pairForm, pairFields] = useZodForm("forbid", forbiddenPairSchema, last("forbid"));
  const [absenceForm, absenceFields] = useZodForm("absence", absenceSchema, last("absence"), { round: String(drawn + 1), kind: "HALF_POINT" });
  const removeErrors = data?.intent === "unforbid" || data?.intent === "removeAbsence" ? (data.result?.error?.[""] ?? (data.error ? [data.error] : undefined)) : undefined;
  return (
    <section className="pairing-rules">
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${gid}/${tid}`)}>{name}</Link>
      </p>
      <h1>{t("pairingRules.heading")}</h1>
      {!swiss ? (
        <p className="hint">{t("pairingRules.swissOnly")}</p>
      ) : (
        <>
          <p className="hint">{t("pairingRules.intro")}</p>
          <FormError errors={removeErrors} />

          <h2>{t("pairingRules.acceleration")}</h2>
          <Form method="post" {...getFormProps(accelerationForm)} className="form-page">
            <input type="hidden" name="intent" value="acceleration" />
            <FormError errors={accelerationForm.errors} />
            <SelectField meta={accelerationFields.acceleration} label={t("pairingRules.acceleration")} options={ACCELERATIONS} prefix="pairingRules.accelerations" />
            <p className="hint">{t(drawn > 0 ? "pairingRules.accelerationLocked" : "pairingRules.bakuHint")}</p>
            {drawn === 0 ? (
              <button type="submit" className="primary">
                {t("tournaments.saveSettings")}
              </button>
            ) : null}
          </Form>

          <h2>{t("pairingRules.forbidden")}</h2>
          <p className="hint">{t("pairingRules.forbiddenHint")}</p>
          <RuleList intent="unforbid" empty={t("pairingRules.noForbidden")} items={forbidden.map((pair) => ({ id: pair.id, text: `${pair.first.snr}. ${pair.first.name} – ${pair.second.snr}. ${pair.second.name}`, removable: true }))} />
          <Form method="post" {...getFormProps(pairForm)} className="form-page">
            <input type="hidden" name="intent" value="forbid" />
            <FormError errors={pairForm.errors} />
            <PlayerSelect meta={pairFields.first} label={t("pairingRules.firstPlayer")} players={players} />
            <PlayerSelect meta={pairFields.second} label={t("pairingRules.secondPlayer")} players={players} />
            <button type="submit" className="primary">
              {t("pairingRules.forbid")}
            </button>
          </Form>

          <h2>{t("pairingRules.absences")}</h2>
          <p className="hint">{t("pairingRules.absencesHint")}</p>
          <RuleList
            intent="removeAbsence"
            empty={t("pairingRules.noAbsences")}
            items={absences.map((absence) => ({
              id: absence.id,
              text: t("pairingRules.absenceRow", { round: absence.round, player: `${absence.player.snr}. ${absence.player.name}`, kind: t(`pairingRules.kinds.${absence.kind}`) }),
              removable: absence.round > drawn,
            }))}
          />
          <Form method="post" {...getFormProps(absenceForm)} className="form-page">
            <input type="hidden" name="intent" value="absence" />
            <FormError errors={absenceForm.errors} />
            <PlayerSelect meta={absenceFields.player} label={t("pairingRules.player")} players={players} />
            <div className="field">
              <label htmlFor={absenceFields.round.id}>{t("pairingRules.round")}</label>
              <input {...getInputProps(absenceFields.round as FieldMetadata<string>, { type: "number" })} key={absenceFields.round.key} min={drawn + 1} max={planned ?? undefined} />
              <FieldError id={absenceFields.round.errorId} errors={absenceFields.round.errors} />
            </div>
            <SelectField meta={absenceFields.kind} label={t("pairingRules.kind")} options={ABSENCE_KINDS} prefix="pairingRules.kinds" />
            <button type="submit" className="primary">
              {t("pairingRules.announce")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
