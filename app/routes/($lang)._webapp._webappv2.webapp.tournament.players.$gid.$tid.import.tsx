import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { playersFromGames, readPgn } from "~/chess/pgn";
import { FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { UploadForm } from "~/components/UploadForm";
import { readFormData, uploadedText } from "~/lib/formData.server";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireTournament } from "~/organiser/access.server";
import { CSV_TEMPLATE, readPlayersCsv, type CsvList } from "~/organiser/csv";
import { addPlayers } from "~/organiser/players.server";
import { title } from "~/components/PageTitle";


export const handle = title((t, data: { name: string }) => `${t("players.import")} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  return json({ gid: event.id, tid: tournament.id, name: tournament.name });
}

/** Rows of an uploaded or pasted player list: CSV (template columns) or PGN (player tags). */
function rowsOf(kind: string, text: string): CsvList {
  if (kind === "pgn") {
    const rows = playersFromGames(readPgn(text).games).map((p, i) => ({
      line: i + 1,
      player: { name: p.name.slice(0, 100), active: true, ...(p.elo ? { elo: p.elo } : {}), ...(p.title ? { title: p.title.slice(0, 4) } : {}), ...(p.fideId ? { fideId: p.fideId } : {}) },
      errors: [],
    }));
    return { rows, errors: [] };
  }
  return readPlayersCsv(text);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const formData = (await readFormData(request, 2 * 1024 * 1024)) ?? new FormData();
  const file = await uploadedText(formData);
  const text = file.text || String(formData.get("text") ?? "");
  const kind = file.name.toLowerCase().endsWith(".pgn") ? "pgn" : String(formData.get("kind") ?? "csv");
  if (!text.trim()) return json({ kind, text, rows: [], error: "players.csv.empty" });
  const { rows, errors } = rowsOf(kind, text);
  if (errors.length) return json({ kind, text, rows, error: errors[0] });
  if (rows.length === 0) return json({ kind, text, rows, error: "players.csv.noRows" });
  if (formData.get("intent") !== "import" || rows.some((row) => row.errors.length)) {
    return json({ kind, text, rows, error: rows.some((row) => row.errors.length) ? "players.csv.fixFirst" : null });
  }
  const added = await addPlayers(db(), tournament, rows.map((row) => row.player));
  if (!added.ok) return json({ kind, text, rows, error: added.error }, { status: 409 });
  return redirectWithNotice(
    request,
    localizePath(`/webapp/tournament/players/${event.id}/${tournament.id}`, requestLanguage(request)),
    "notice.playersImported",
  );
}

export default function ImportPlayers() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid, name } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/players/${gid}/${tid}`)}>{name}</Link>
      </p>
      <h1>{t("players.import")}</h1>
      <p>
        <a className="button" href={`data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`} download="kiebitz-players.csv">
          {t("players.csv.template")}
        </a>
      </p>
      <UploadForm intent="preview" id="players-file" label={t("players.csv.file")} accept=".csv,.txt,.pgn" submit={t("players.csv.preview")}>
        <div className="field">
          <label htmlFor="players-kind">{t("players.csv.kind")}</label>
          <select id="players-kind" name="kind" defaultValue={data?.kind ?? "csv"}>
            <option value="csv">CSV</option>
            <option value="pgn">PGN</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="players-text">{t("players.csv.paste")}</label>
          <textarea id="players-text" name="text" rows={6} defaultValue={data?.text ?? ""} />
        </div>
      </UploadForm>
      {data?.error ? <FormError errors={[data.error]} /> : null}
      {data && data.rows.length > 0 ? (
        <>
          <h2>{t("players.csv.previewTitle", { count: data.rows.length })}</h2>
          <table>
            <thead>
              <tr>
                <th>{t("players.csv.line")}</th>
                <th>{t("players.name")}</th>
                <th>{t("players.title")}</th>
                <th>{t("players.elo")}</th>
                <th>{t("players.nwz")}</th>
                <th>{t("players.club")}</th>
                <th>{t("players.csv.problems")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.line} className={row.errors.length ? "invalid" : undefined}>
                  <td>{row.line}</td>
                  <td className="name">{row.player.name}</td>
                  <td>{row.player.title}</td>
                  <td>{row.player.elo}</td>
                  <td>{row.player.nwz}</td>
                  <td className="name">{row.player.club}</td>
                  <td>
                    <FormError errors={row.errors} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.rows.every((row) => row.errors.length === 0) ? (
            <Form method="post">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="kind" value={data.kind} />
              <input type="hidden" name="text" value={data.text} />
              <button type="submit" className="primary">
                {t("players.csv.confirm", { count: data.rows.length })}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
