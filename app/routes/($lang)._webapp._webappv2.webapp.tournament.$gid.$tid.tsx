import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { liveToken } from "~/live/tokens.server";
import { useLive } from "~/components/useLive";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FieldError, FormError, SelectField } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { TournamentFields } from "~/components/TournamentFields";
import { useZodForm } from "~/components/useZodForm";
import { PlayerTable } from "~/components/PlayerTable";
import { SheetUpload } from "~/components/SheetUpload";
import { DevicesTab } from "~/components/DevicesTab";
import QRCode from "qrcode";
import { config } from "~/lib/config.server";
import { activeCodes, createConnectionCode, deleteConnectionCode, removeDevice } from "~/devices/devices.server";
import { createViewCode, revokeViewCode, viewCodesOf } from "~/organiser/viewCodes.server";
import { DeleteByName } from "~/components/DeleteByName";
import { db } from "~/db/client.server";
import { MAX_ROUNDS, toId } from "~/lib/limits";
import { deleteByNameSchema, NOTATIONS, parseMembers, teamSchema, tournamentSettingsSchema, VISIBILITIES } from "~/forms/organiser";
import { addTeam, teamsOf } from "~/organiser/teams.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireTournament } from "~/organiser/access.server";
import { dateInput } from "~/organiser/format";
import { drawErrorMessage, drawNextRound } from "~/organiser/rounds.server";
import { parsePairings } from "~/organiser/boards.server";
import { tournamentData, updateTournament } from "~/organiser/tournaments.server";
import { bounded } from "~/forms/reply.server";
import { title } from "~/components/PageTitle";
import { sheetService } from "~/sheets/service.server";
import { removeTournamentFiles } from "~/sheets/sheets.server";


export const handle = title((_t, data: { event: { name: string }; tournament: { name: string } }) => `${data.tournament.name} – ${data.event.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, event, tournament } = await requireTournament(request, params.gid, params.tid);
  const [rounds, players, devices, teams, sheets] = await Promise.all([
    db().round.findMany({ where: { tournamentId: tournament.id }, orderBy: { round: "asc" } }),
    db().player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } }),
    db().connectedDevice.findMany({ where: { tournamentId: tournament.id }, orderBy: { created: "asc" } }),
    teamsOf(db(), tournament.id),
    db().sheetImageEntry.groupBy({ by: ["state"], where: { tournamentId: tournament.id }, _count: true }),
  ]);
  const onDevices = new URL(request.url).searchParams.get("tab") === "devices";
  const codes = onDevices ? await connectionCodes(tournament.id, requestLanguage(request)) : [];
  const views = onDevices ? await viewCodesOf(db(), tournament.id) : [];
  return json({ live: { token: liveToken(user.id), eventId: event.id, tournamentId: tournament.id }, event: { id: event.id, name: event.name, slug: event.slug }, tournament: { ...tournament, storage: Number(tournament.storage) }, rounds, players, devices, codes, views, teams, sheets: Object.fromEntries(sheets.map((group) => [group.state, group._count])) as Record<string, number> });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const language = requestLanguage(request);
  const here = localizePath(`/webapp/tournament/${event.id}/${tournament.id}`, language);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "settings": {
      const submission = parseWithZod(formData, { schema: tournamentSettingsSchema });
      if (submission.status !== "success") return json({ intent: "settings", result: bounded(submission.reply()) });
      const { maxPlayers, password, description, ...fields } = submission.value;
      await updateTournament(db(), tournament, {
        ...tournamentData(fields),
        visibility: fields.visibility,
        defaultNotationLanguage: fields.defaultNotationLanguage,
        orderValue: fields.orderValue,
        thirdPlaceMatch: fields.thirdPlaceMatch,
        maxPlayers: maxPlayers ?? null,
        password: password || null,
        description: description || null,
      });
      return redirectWithNotice(request, `${here}?tab=settings`, "notice.changesSaved");
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteByNameSchema });
      if (submission.status !== "success") return json({ intent: "delete", result: bounded(submission.reply()) });
      if (submission.value.confirmName !== tournament.name) {
        return json({ intent: "delete", result: bounded(submission.reply({ fieldErrors: { confirmName: ["events.confirmNameMismatch"] } })) });
      }
      await db().tournament.delete({ where: { id: tournament.id } });
      await removeTournamentFiles(sheetService().storage, [tournament.id]);
      return redirectWithNotice(request, localizePath(`/webapp/event/${event.id}`, language), "notice.tournamentDeleted");
    }
    case "addTeam": {
      const submission = parseWithZod(formData, { schema: teamSchema });
      if (submission.status !== "success") return json({ intent: "addTeam", result: bounded(submission.reply()) });
      const added = await addTeam(db(), tournament, submission.value.teamName, parseMembers(submission.value.members));
      if (!added.ok) return json({ intent: "addTeam", result: bounded(submission.reply({ formErrors: [added.error] })) }, { status: 409 });
      return redirectWithNotice(request, `${here}?tab=teams`, "notice.teamAdded");
    }
    case "importPairings": {
      const round = toId(formData.get("round"), MAX_ROUNDS) ?? 0;
      const players = await db().player.findMany({ where: { tournamentId: tournament.id }, select: { snr: true } });
      const read = parsePairings(String(formData.get("pairings") ?? ""), players.map((p) => p.snr));
      if (!read.ok) return json({ intent: "draw", errors: read.errors }, { status: 400 });
      const stored = await drawNextRound(db(), tournament, round, read.value);
      if (!stored.ok) return json({ intent: "draw", error: drawErrorMessage(stored.error) }, { status: 409 });
      return redirectWithNotice(request, localizePath(`/webapp/round/${event.id}/${tournament.id}/${round}`, language), "notice.pairingsImported");
    }
    case "draw": {
      const round = toId(formData.get("round"), MAX_ROUNDS) ?? 0;
      const drawn = await drawNextRound(db(), tournament, round);
      if (!drawn.ok) {
        return json({ intent: "draw", error: drawErrorMessage(drawn.error) }, { status: 409 });
      }
      return redirectWithNotice(request, localizePath(`/webapp/round/${event.id}/${tournament.id}/${round}`, language), "notice.pairingsDrawn");
    }
    case "createCode": {
      const created = await createConnectionCode(db(), tournament.id);
      if (!created.ok) return json({ intent: "devices", error: created.error }, { status: 409 });
      return redirectWithNotice(request, `${here}?tab=devices`, "notice.codeCreated");
    }
    case "deleteCode":
      await deleteConnectionCode(db(), tournament.id, String(formData.get("code") ?? "").slice(0, 32));
      return redirectWithNotice(request, `${here}?tab=devices`, "notice.codeDeleted");
    case "createViewCode": {
      const type = formData.get("type") === "GAMES" ? "GAMES" : "TOURNAMENT";
      const created = await createViewCode(db(), tournament.id, type);
      if (!created.ok) return json({ intent: "devices", error: created.error }, { status: 409 });
      return redirectWithNotice(request, `${here}?tab=devices`, "notice.codeCreated");
    }
    case "revokeViewCode":
      await revokeViewCode(db(), tournament.id, String(formData.get("code") ?? ""));
      return redirectWithNotice(request, `${here}?tab=devices`, "notice.codeDeleted");
    case "removeDevice":
      if (!(await removeDevice(db(), tournament.id, toId(formData.get("device")) ?? 0))) return json({ intent: "devices", error: "devices.notConnected" }, { status: 404 });
      return redirectWithNotice(request, `${here}?tab=devices`, "notice.deviceRemoved");
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

/** The active connection codes with the address each opens and its QR code (SVG). */
async function connectionCodes(tournamentId: number, language: "en" | "de") {
  const codes = await activeCodes(db(), tournamentId);
  return Promise.all(
    codes.map(async (code) => {
      const url = `${config().publicUrl}${localizePath(`/connect/${code.key}`, language)}`;
      return { key: code.key, expires: code.expires.toISOString(), url, qr: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
    }),
  );
}

const TABS = ["rounds", "participants", "teams", "devices", "settings"] as const;

type ActionData = { intent: string; result?: never; error?: string; errors?: string[] };

export default function TournamentPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { event, tournament, rounds, players, devices, codes, views, teams, sheets, live } = useLoaderData<typeof loader>();
  useLive(live);
  const data = useActionData<typeof action>() as ActionData | undefined;
  const [searchParams] = useSearchParams();
  const fallback = data?.intent === "settings" || data?.intent === "delete" ? "settings" : data?.intent === "addTeam" ? "teams" : data?.intent === "devices" ? "devices" : "rounds";
  const tab = TABS.find((name) => name === searchParams.get("tab")) ?? fallback;
  const base = `/webapp/tournament/${event.id}/${tournament.id}`;
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/event/${event.id}`)}>{event.name}</Link>
      </p>
      <h1>{tournament.name}</h1>
      <p className="actions">
        {tournament.visibility !== "PRIVATE" ? (
          <Link to={to(`/event/${encodeURIComponent(event.slug)}/${encodeURIComponent(tournament.slug)}`)}>{t("tournaments.publicPage")}</Link>
        ) : null}
        <Link to={to(`${base}/upgrade`)}>{t(tournament.upgraded ? "upgrade.isUpgraded" : "upgrade.link")}</Link>
      </p>
      <SheetDrawer gid={event.id} tid={tournament.id} notation={tournament.defaultNotationLanguage} counts={sheets} />
      <nav className="tabs" aria-label={t("tournaments.tabs")}>
        {TABS.map((name) => (
          <Link key={name} to={to(`${base}?tab=${name}`)} aria-current={tab === name ? "page" : undefined}>
            {t(`tournaments.tab.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === "rounds" ? (
        <RoundsTab rounds={rounds} next={rounds.length + 1} planned={tournament.plannedRounds} errors={data?.intent === "draw" ? (data.errors ?? (data.error ? [data.error] : undefined)) : undefined} base={{ gid: event.id, tid: tournament.id }} />
      ) : null}
      {tab === "participants" ? (
        <>
          <p>
            <Link className="button" to={to(`/webapp/tournament/players/${event.id}/${tournament.id}`)}>
              {t("players.manage")}
            </Link>{" "}
            {tournament.mode === "SWISS" && tournament.form === "SINGLE_PLAYER" ? (
              <Link className="button" to={to(`/webapp/tournament/pairingRules/${event.id}/${tournament.id}`)}>
                {t("pairingRules.heading")}
              </Link>
            ) : null}
          </p>
          <PlayerTable players={players} />
        </>
      ) : null}
      {tab === "teams" ? (
        tournament.form === "TEAM" ? (
          <Teams teams={teams} locked={rounds.length > 0} lastResult={data?.intent === "addTeam" ? data.result : undefined} />
        ) : (
          <p className="empty">{t("teams.singleOnly")}</p>
        )
      ) : null}
      {tab === "devices" ? <DevicesTab codes={codes} devices={devices} views={views} error={data?.intent === "devices" ? data.error : undefined} /> : null}
      {tab === "settings" ? <Settings tournament={tournament} data={data} /> : null}
    </section>
  );
}

/** The score-sheet drawer (spec §2): upload straight from the tournament, and where the sheets stand. */
function SheetDrawer({ gid, tid, notation, counts }: { gid: number; tid: number; notation: string; counts: Record<string, number> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const base = `/webapp/sheets/${gid}/${tid}`;
  return (
    <details className="drawer">
      <summary>
        {t("sheets.drawer")} ({total})
      </summary>
      {total > 0 ? (
        <p>
          {Object.entries(counts)
            .map(([state, count]) => `${t(`sheets.states.${state}`)}: ${count}`)
            .join(" · ")}
        </p>
      ) : null}
      <p>
        <Link to={to(base)}>{t("sheets.open")}</Link>
        {counts.UNCONFIRMED ? (
          <>
            {" · "}
            <Link to={to(`${base}/verify`)}>{t("sheets.verifyCount", { count: counts.UNCONFIRMED })}</Link>
          </>
        ) : null}
      </p>
      <SheetUpload action={`${to(base)}?index`} uploadUrl={to(`${base}/upload`)} notation={notation} compact />
    </details>
  );
}

function RoundsTab({ rounds, next, planned, errors, base }: { rounds: { round: number; state: string }[]; next: number; planned: number | null; errors?: string[]; base: { gid: number; tid: number } }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <>
      {errors ? <FormError errors={errors} /> : null}
      {rounds.length === 0 ? <p className="empty">{t("rounds.none")}</p> : null}
      <ul className="rounds">
        {rounds.map((round) => (
          <li key={round.round}>
            <Link to={to(`/webapp/round/${base.gid}/${base.tid}/${round.round}`)}>{t("rounds.title", { round: round.round })}</Link> –{" "}
            {t(`rounds.states.${round.state}`)} ·{" "}
            <Link to={to(`/webapp/tournament/rankings/${base.gid}/${base.tid}/${round.round}`)}>{t("rankings.title")}</Link>
          </li>
        ))}
      </ul>
      {!planned || next <= planned ? (
        <Form method="post">
          <input type="hidden" name="intent" value="draw" />
          <input type="hidden" name="round" value={next} />
          <button type="submit" className="primary">
            {t("rounds.draw", { round: next })}
          </button>
        </Form>
      ) : null}
      {!planned || next <= planned ? (
        <details open={Boolean(errors)}>
          <summary>{t("rounds.pairingsImport.title", { round: next })}</summary>
          <Form method="post" className="form-page">
            <input type="hidden" name="intent" value="importPairings" />
            <input type="hidden" name="round" value={next} />
            <div className="field">
              <label htmlFor="pairings-list">{t("rounds.pairingsImport.list")}</label>
              <textarea id="pairings-list" name="pairings" rows={5} placeholder={"1;1;5\n2;6;2\n3;3;-"} />
            </div>
            <button type="submit">{t("rounds.pairingsImport.submit")}</button>
          </Form>
        </details>
      ) : null}
    </>
  );
}

function Teams({ teams, locked, lastResult }: { teams: { id: number; snr: number; name: string; players: { id: number; name: string; elo: number | null }[] }[]; locked: boolean; lastResult?: never }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("add-team", teamSchema, lastResult);
  return (
    <>
      {teams.length === 0 ? <p className="empty">{t("teams.empty")}</p> : null}
      <ol className="teams">
        {teams.map((team) => (
          <li key={team.id}>
            <strong>{team.name}</strong>
            <ol>
              {team.players.map((player) => (
                <li key={player.id}>
                  {player.name}
                  {player.elo ? ` (${player.elo})` : ""}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
      {locked ? (
        <p className="hint">{t("rounds.playersLocked")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="form-page">
          <input type="hidden" name="intent" value="addTeam" />
          <FormError errors={form.errors} />
          <Field meta={fields.teamName} label={t("teams.name")} />
          <div className="field">
            <label htmlFor={fields.members.id}>{t("teams.members")}</label>
            <textarea {...getTextareaProps(fields.members)} key={fields.members.key} rows={6} />
            <FieldError id={fields.members.errorId} errors={fields.members.errors} />
          </div>
          <p className="hint">{t("teams.membersHint")}</p>
          <button type="submit" className="primary">
            {t("teams.add")}
          </button>
        </Form>
      )}
    </>
  );
}

type TournamentRow = ReturnType<typeof useLoaderData<typeof loader>>["tournament"];

function Settings({ tournament, data }: { tournament: TournamentRow; data?: ActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("tournament-settings", tournamentSettingsSchema, data?.intent === "settings" ? data.result : undefined, {
    name: tournament.name,
    form: tournament.form,
    mode: tournament.mode,
    plannedRounds: String(tournament.plannedRounds ?? ""),
    tiebreak1: tournament.tiebreakScoreFirst,
    tiebreak2: tournament.tiebreakScoreSecond,
    tiebreak3: tournament.tiebreakScoreThird,
    twzSetting: tournament.twzSetting,
    pseudoRating: tournament.pseudoRating?.toString() ?? "",
    startDate: dateInput(tournament.startDate) ?? "",
    endDate: dateInput(tournament.endDate) ?? "",
    description: tournament.description ?? "",
    visibility: tournament.visibility,
    password: tournament.password ?? "",
    maxPlayers: tournament.maxPlayers?.toString() ?? "",
    defaultNotationLanguage: tournament.defaultNotationLanguage,
    orderValue: String(tournament.orderValue),
    thirdPlaceMatch: tournament.thirdPlaceMatch ? "on" : "",
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="form-page">
        <input type="hidden" name="intent" value="settings" />
        <FormError errors={form.errors} />
        <TournamentFields fields={fields as never} />
        <details open>
          <summary>{t("tournaments.additionalOptions")}</summary>
          <div className="field">
            <label htmlFor={fields.description.id}>{t("events.description")}</label>
            <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
            <FieldError id={fields.description.errorId} errors={fields.description.errors} />
          </div>
          <SelectField meta={fields.visibility} label={t("tournaments.visibility")} options={VISIBILITIES} prefix="tournaments.visibilities" />
          <Field meta={fields.password} label={t("tournaments.password")} />
          <p className="hint">{t("tournaments.passwordHint")}</p>
          <Field meta={fields.maxPlayers as never} label={t("tournaments.maxPlayers")} type="number" />
          <SelectField meta={fields.defaultNotationLanguage} label={t("tournaments.notation")} options={NOTATIONS} prefix="notations" />
          <Field meta={fields.orderValue as never} label={t("tournaments.order")} type="number" />
          <div className="field checkbox">
            <input {...getInputProps(fields.thirdPlaceMatch, { type: "checkbox" })} key={fields.thirdPlaceMatch.key} />
            <label htmlFor={fields.thirdPlaceMatch.id}>{t("tournaments.thirdPlaceMatch")}</label>
          </div>
        </details>
        <button type="submit" className="primary">
          {t("tournaments.saveSettings")}
        </button>
      </Form>
      <h2>{t("tournaments.delete")}</h2>
      <DeleteByName
        id="delete-tournament"
        warning={t("tournaments.deleteWarning", { name: tournament.name })}
        submit={t("tournaments.delete")}
        lastResult={data?.intent === "delete" ? data.result : undefined}
      />
    </>
  );
}
