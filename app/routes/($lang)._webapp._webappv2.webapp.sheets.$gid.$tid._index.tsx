import { parseWithZod } from "@conform-to/zod/v4";
import { liveToken } from "~/live/tokens.server";
import { useLive } from "~/components/useLive";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteByName } from "~/components/DeleteByName";
import { FormError } from "~/components/Field";
import { IntentButton } from "~/components/IntentButton";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { SheetUpload, useReadingProgress } from "~/components/SheetUpload";
import { db } from "~/db/client.server";
import type { SheetState } from "~/generated/prisma/client";
import { deleteByNameSchema, NOTATIONS } from "~/forms/organiser";
import { notationSchema, SHEET_STATES, sheetFilterSchema } from "~/forms/sheets";
import { bounded } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { toId } from "~/lib/limits";
import { requireTournament } from "~/organiser/access.server";
import { receiveUpload, type UploadAnswer } from "~/sheets/receive.server";
import { sheetService } from "~/sheets/service.server";
import { deleteAllSheets, deleteSheet, listSheets, quotaOf, rescanSheet, setNotation, sheetFacts } from "~/sheets/sheets.server";
import { SHEET_LIST_MAX } from "~/forms/sheets";
import { OTHER_GAME } from "~/sheets/assignment";

export const handle = title((t, data: { tournament: { name: string } }) => `${t("sheets.title")} – ${data.tournament.name}`);

/** States in which a sheet is still on its way through the reader. */
const IN_PROGRESS: SheetState[] = ["UPLOADING", "UPLOADED", "QUEUED", "SCANNING", "PROCESSED"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, event, tournament } = await requireTournament(request, params.gid, params.tid);
  const url = new URL(request.url);
  const filter = sheetFilterSchema.parse(Object.fromEntries(url.searchParams));
  const [sheets, rounds, attention, inProgress] = await Promise.all([
    listSheets(db(), tournament.id, { round: filter.round, state: filter.state, attention: Boolean(filter.attention) }),
    db().round.findMany({ where: { tournamentId: tournament.id }, select: { round: true }, orderBy: { round: "asc" } }),
    db().sheetImageEntry.count({ where: { tournamentId: tournament.id, state: "UNCONFIRMED" } }),
    db().sheetImageEntry.count({ where: { tournamentId: tournament.id, state: { in: IN_PROGRESS } } }),
  ]);
  return json({
    live: { token: liveToken(user.id), eventId: event.id, tournamentId: tournament.id },
    event: { id: event.id, name: event.name },
    tournament: { id: tournament.id, name: tournament.name, notation: tournament.defaultNotationLanguage },
    storage: { used: Number(tournament.storage), quota: quotaOf(tournament, sheetService().quota) },
    rounds: rounds.map((r) => r.round),
    filter,
    attention,
    inProgress,
    sheets: sheets.map((sheet) => ({
      ...sheetFacts(sheet),
      statuses: { layout: sheet.layoutDetectionStatus, boxes: sheet.boxesDetectionStatus, round: sheet.roundDetectionStatus, board: sheet.boardDetectionStatus },
      game: sheet.game ? { round: sheet.game.round, board: sheet.game.board, white: sheet.game.white?.name ?? "", black: sheet.game.black?.name ?? "" } : null,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const here = localizePath(`/webapp/sheets/${event.id}/${tournament.id}`, requestLanguage(request));
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const answer = await receiveUpload(request, tournament);
    return json({ intent: "upload", upload: answer }, { status: answer.status });
  }
  const formData = await request.formData();
  const { storage, queue } = sheetService();
  const sheetId = toId(formData.get("sheet")) ?? 0;
  switch (formData.get("intent")) {
    case "notation": {
      const submission = parseWithZod(formData, { schema: notationSchema });
      if (submission.status !== "success" || !(await setNotation(db(), tournament.id, submission.value.sheet, submission.value.notation))) {
        return json({ intent: "notation", error: "sheets.notFound" }, { status: 404 });
      }
      queue.wake();
      return redirectWithNotice(request, here, "notice.changesSaved");
    }
    case "remove":
      if (!(await deleteSheet(db(), storage, tournament.id, sheetId))) return json({ intent: "remove", error: "sheets.deleteFailed" }, { status: 404 });
      queue.wake();
      return redirectWithNotice(request, here, "notice.sheetDeleted");
    case "rescan":
      if (!(await rescanSheet(db(), tournament.id, sheetId))) return json({ intent: "rescan", error: "sheets.notFound" }, { status: 409 });
      queue.wake();
      return redirectWithNotice(request, here, "notice.sheetQueued");
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteByNameSchema });
      if (submission.status !== "success") return json({ intent: "delete", result: bounded(submission.reply()) });
      if (submission.value.confirmName !== tournament.name) {
        return json({ intent: "delete", result: bounded(submission.reply({ fieldErrors: { confirmName: ["events.confirmNameMismatch"] } })) });
      }
      await deleteAllSheets(db(), storage, tournament.id);
      queue.wake();
      return redirectWithNotice(request, here, "notice.sheetsDeleted");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

type ActionData = { intent: string; upload?: UploadAnswer; error?: string; result?: never };

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export default function SheetsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const data = useLoaderData<typeof loader>();
  useLive(data.live);
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [searchParams] = useSearchParams();
  const { event, tournament, sheets, storage, rounds, filter } = data;
  useReadingProgress(data.inProgress > 0);
  const base = `/webapp/sheets/${event.id}/${tournament.id}`;
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/event/${event.id}`)}>{event.name}</Link> ›{" "}
        <Link to={to(`/webapp/tournament/${event.id}/${tournament.id}`)}>{tournament.name}</Link>
      </p>
      <h1>{t("sheets.title")}</h1>
      <p className="hint">{t("sheets.storageUsed", { used: megabytes(storage.used), quota: megabytes(storage.quota) })}</p>
      <SheetUpload action={`${to(base)}?index`} uploadUrl={to(`${base}/upload`)} notation={tournament.notation} answer={actionData?.upload} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      {data.inProgress > 0 ? (
        <p className="progress" role="status">
          {t("sheets.reading", { count: data.inProgress })} <Link to={to(`${base}?${searchParams.toString()}`)}>{t("sheets.refresh")}</Link>
        </p>
      ) : null}
      {data.attention > 0 ? (
        <p>
          <Link className="button primary" to={to(`${base}/verify`)}>
            {t("sheets.verifyCount", { count: data.attention })}
          </Link>
        </p>
      ) : null}
      <Form method="get" className="filters" aria-label={t("sheets.filter")}>
        <label>
          {t("rounds.round")}{" "}
          <select name="round" defaultValue={filter.round ?? ""}>
            <option value="">{t("sheets.all")}</option>
            {rounds.map((round) => (
              <option key={round} value={round}>
                {round}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("sheets.state")}{" "}
          <select name="state" defaultValue={filter.state ?? ""}>
            <option value="">{t("sheets.all")}</option>
            {SHEET_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`sheets.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" name="attention" defaultChecked={Boolean(filter.attention)} /> {t("sheets.attention")}
        </label>
        <button type="submit">{t("sheets.applyFilter")}</button>
      </Form>
      {sheets.length === 0 ? <p className="empty">{t("sheets.empty")}</p> : null}
      {sheets.length === SHEET_LIST_MAX ? <p className="hint">{t("sheets.listCut", { count: SHEET_LIST_MAX })}</p> : null}
      <ul className="sheets">
        {sheets.map((sheet) => (
          <li key={sheet.id} className={sheet.error || sheet.state === "UNCONFIRMED" ? "sheet attention" : "sheet"} data-state={sheet.state}>
            <a href={to(`${base}/image/${sheet.id}/photo`)}>
              <img src={to(`${base}/image/${sheet.id}/thumb`)} alt={t("sheets.photoOf", { name: sheet.name })} width={160} loading="lazy" />
            </a>
            <div>
              <p>
                <strong>{sheet.name}</strong> · <span className="state">{t(`sheets.states.${sheet.state}`)}</span>
              </p>
              {sheet.error ? <p className="error-text">{t(sheet.error)}</p> : null}
              <dl className="facts">
                <dt>{t("rounds.round")}</dt>
                <dd>{sheet.round ?? "–"} <small>({t(`sheets.value.${sheet.statuses.round}`)})</small></dd>
                <dt>{t("sheets.board")}</dt>
                <dd>{sheet.board ?? "–"} <small>({t(`sheets.value.${sheet.statuses.board}`)})</small></dd>
                <dt>{t("sheets.colour")}</dt>
                <dd>{t(`sheets.colours.${sheet.colour}`)}</dd>
                <dt>{t("sheets.page")}</dt>
                <dd>{sheet.page}</dd>
                <dt>{t("sheets.layout")}</dt>
                <dd>{t(`sheets.detection.${sheet.statuses.layout}`)} / {t(`sheets.detection.${sheet.statuses.boxes}`)}</dd>
              </dl>
              {sheet.game ? (
                <p>
                  <Link to={to(`/webapp/game/${event.id}/${tournament.id}/${sheet.game.round}/${sheet.game.board}`)}>
                    {t("sheets.gameLink", { round: sheet.game.round, board: sheet.game.board, white: sheet.game.white, black: sheet.game.black })}
                  </Link>
                </p>
              ) : null}
              <div className="actions">
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="notation" />
                  <input type="hidden" name="sheet" value={sheet.id} />
                  <label htmlFor={`notation-${sheet.id}`}>{t("tournaments.notation")}</label>
                  <select id={`notation-${sheet.id}`} name="notation" defaultValue={sheet.notation}>
                    {NOTATIONS.map((notation) => (
                      <option key={notation} value={notation}>
                        {t(`notations.${notation}`)}
                      </option>
                    ))}
                  </select>
                  <button type="submit">{t("sheets.changeNotation")}</button>
                  {sheet.notationFound ? <p className="hint">{t("sheets.notationFound")}</p> : null}
                </Form>
                <Link className="button" to={to(`${base}/verify?sheet=${sheet.id}`)}>
                  {sheet.game ? t("sheets.reassign") : t("sheets.verify")}
                </Link>
                {sheet.error || ["UNCONFIRMED", "ASSIGNED"].includes(sheet.state) ? (
                  <IntentButton intent="rescan" values={{ sheet: sheet.id }}>
                    {sheet.error && sheet.error !== OTHER_GAME ? t("sheets.retry") : t("sheets.detectAgain")}
                  </IntentButton>
                ) : null}
                <IntentButton intent="remove" values={{ sheet: sheet.id }} className="danger">
                  {t("sheets.delete")}
                </IntentButton>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {sheets.length > 0 ? (
        <details>
          <summary>{t("sheets.deleteAll")}</summary>
          <DeleteByName id="delete-sheets" warning={t("sheets.deleteAllWarning", { name: tournament.name })} submit={t("sheets.deleteAll")} lastResult={actionData?.intent === "delete" ? actionData.result : undefined} />
        </details>
      ) : null}
    </section>
  );
}
