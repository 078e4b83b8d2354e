import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormError, SelectField } from "~/components/Field";
import { IntentButton } from "~/components/IntentButton";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { assignSchema, SHEET_COLOURS } from "~/forms/sheets";
import { bounded } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { toId } from "~/lib/limits";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireTournament } from "~/organiser/access.server";
import { pageSummary } from "~/sheets/games.server";
import { gamesWrittenBy } from "~/sheets/placing.server";
import { sheetService } from "~/sheets/service.server";
import { assignSheet, rescanSheet, sheetFacts, sheetsOfFullPairings, unlinkSheet } from "~/sheets/sheets.server";

export const handle = title((t, data: { tournament: { name: string } }) => `${t("sheets.verifyTitle")} – ${data.tournament.name}`);

/** Sheets shown at once; the next ones follow when these are assigned. */
const PAGE_SIZE = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const only = toId(new URL(request.url).searchParams.get("sheet"));
  const sheets = await db().sheetImageEntry.findMany({
    where: { tournamentId: tournament.id, ...(only ? { id: only } : { state: "UNCONFIRMED" }) },
    orderBy: { id: "asc" },
    take: PAGE_SIZE,
    include: { game: { select: { round: true, board: true } } },
  });
  const waiting = sheets.filter((sheet) => sheet.gameId === null);
  const full = await sheetsOfFullPairings(db(), tournament.id, waiting);
  const written = await gamesWrittenBy(db(), tournament.id, waiting);
  return json({
    event: { id: event.id, name: event.name },
    tournament: { id: tournament.id, name: tournament.name },
    single: Boolean(only),
    sheets: sheets.map((sheet) => {
      const summary = pageSummary(sheet);
      return {
        ...sheetFacts(sheet),
        game: sheet.game,
        pairingFull: full.has(sheet.id),
        writes: written.get(sheet.id) ?? [],
        read: summary ? { round: summary.round, board: summary.board } : null,
        crops: { round: Boolean(summary?.regions.round && summary.pageKey), board: Boolean(summary?.regions.board && summary.pageKey) },
      };
    }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const language = requestLanguage(request);
  const list = localizePath(`/webapp/sheets/${event.id}/${tournament.id}`, language);
  const formData = await request.formData();
  const sheetId = toId(formData.get("sheet")) ?? 0;
  const { queue } = sheetService();
  switch (formData.get("intent")) {
    case "assign": {
      const submission = parseWithZod(formData, { schema: assignSchema });
      if (submission.status !== "success") return json({ sheet: sheetId, result: bounded(submission.reply()) }, { status: 400 });
      const assigned = await assignSheet(db(), tournament.id, submission.value.sheet, submission.value);
      if (!assigned.ok) return json({ sheet: sheetId, result: bounded(submission.reply({ formErrors: [assigned.error] })) }, { status: 409 });
      queue.wake();
      return redirectWithNotice(request, `${list}/verify`, "notice.sheetAssigned");
    }
    case "unlink":
      if (!(await unlinkSheet(db(), tournament.id, sheetId))) return json({ sheet: sheetId, error: "sheets.unlinkFailed" }, { status: 409 });
      queue.wake();
      return redirectWithNotice(request, `${list}/verify?sheet=${sheetId}`, "notice.sheetUnlinked");
    case "rescan":
      if (!(await rescanSheet(db(), tournament.id, sheetId))) return json({ sheet: sheetId, error: "sheets.notFound" }, { status: 409 });
      queue.wake();
      return redirectWithNotice(request, list, "notice.sheetQueued");
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

type Sheet = ReturnType<typeof useLoaderData<typeof loader>>["sheets"][number];
type ActionData = { sheet: number; result?: never; error?: string };

export default function VerifyPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { event, tournament, sheets, single } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const base = `/webapp/sheets/${event.id}/${tournament.id}`;
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${event.id}/${tournament.id}`)}>{tournament.name}</Link> › <Link to={to(base)}>{t("sheets.title")}</Link>
      </p>
      <h1>{t("sheets.verifyTitle")}</h1>
      {sheets.length === 0 ? <p className="empty">{single ? t("sheets.notFound") : t("sheets.nothingToVerify")}</p> : <p className="hint">{t("sheets.verifyHint")}</p>}
      <ul className="verify">
        {sheets.map((sheet) => (
          <VerifySheet key={sheet.id} sheet={sheet} base={base} data={data?.sheet === sheet.id ? data : undefined} />
        ))}
      </ul>
    </section>
  );
}

function VerifySheet({ sheet, base, data }: { sheet: Sheet; base: string; data?: ActionData }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  // the one game whose moves the sheet writes, where there is one, else the numbers as read
  const pairing = sheet.writes.length === 1 ? sheet.writes[0] : sheet;
  const [form, fields] = useZodForm(`assign-${sheet.id}`, assignSchema, data?.result, {
    sheet: String(sheet.id),
    round: pairing.round?.toString() ?? "",
    board: pairing.board?.toString() ?? "",
    colour: sheet.colour,
    page: String(sheet.page),
  });
  const readValue = (value: { value: number | null; confidence: number } | undefined) =>
    value?.value ? t("sheets.readAs", { value: value.value, confidence: Math.round(value.confidence * 100) }) : t("sheets.notRead");
  return (
    <li className="verify-sheet" id={`sheet-${sheet.id}`}>
      <h2>
        {sheet.name} <small>· {t(`sheets.states.${sheet.state}`)}</small>
      </h2>
      {sheet.error ? <p className="error-text">{t(sheet.error)}</p> : null}
      {sheet.pairingFull ? <p className="hint">{t("sheets.pairingFull", { round: sheet.round, board: sheet.board, page: sheet.page })}</p> : null}
      {sheet.writes.map((game) => (
        <p className="hint" key={`${game.round}-${game.board}`}>
          {t("sheets.writesGame", game)}
        </p>
      ))}
      {data?.error ? <FormError errors={[data.error]} /> : null}
      <div className="verify-body">
        <a href={to(`${base}/image/${sheet.id}/photo`)}>
          <img src={to(`${base}/image/${sheet.id}/thumb`)} alt={t("sheets.photoOf", { name: sheet.name })} width={200} />
        </a>
        <div>
          <dl className="header-crops">
            <dt>{t("rounds.round")}</dt>
            <dd>
              {sheet.crops.round ? <img src={to(`${base}/image/${sheet.id}/round`)} alt={t("sheets.roundBox")} height={48} /> : null} {readValue(sheet.read?.round)}
            </dd>
            <dt>{t("sheets.board")}</dt>
            <dd>
              {sheet.crops.board ? <img src={to(`${base}/image/${sheet.id}/board`)} alt={t("sheets.boardBox")} height={48} /> : null} {readValue(sheet.read?.board)}
            </dd>
          </dl>
          <Form method="post" {...getFormProps(form)} className="form-page">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="sheet" value={sheet.id} />
            <FormError errors={form.errors} />
            <Field meta={fields.round as never} label={t("rounds.round")} type="number" />
            <Field meta={fields.board as never} label={t("sheets.board")} type="number" />
            <SelectField meta={fields.colour} label={t("sheets.colour")} options={SHEET_COLOURS} prefix="sheets.colours" />
            <SelectField meta={fields.page as never} label={t("sheets.page")} options={["1", "2"]} prefix="sheets.pages" />
            <button type="submit" className="primary">
              {sheet.game ? t("sheets.reassign") : t("sheets.assign")}
            </button>
          </Form>
          <div className="actions">
            {sheet.game ? (
              <IntentButton intent="unlink" values={{ sheet: sheet.id }}>
                {t("sheets.unlink")}
              </IntentButton>
            ) : null}
            <IntentButton intent="rescan" values={{ sheet: sheet.id }}>
              {t("sheets.detectAgain")}
            </IntentButton>
          </div>
        </div>
      </div>
    </li>
  );
}
