import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/Field";
import { PlayerFields } from "~/components/PlayerFields";
import { PlayerTable } from "~/components/PlayerTable";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { playerSchema } from "~/forms/organiser";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireTournament } from "~/organiser/access.server";
import { addPlayers, playersLocked, removeAllPlayers } from "~/organiser/players.server";
import { bounded } from "~/forms/reply.server";
import { title } from "~/components/PageTitle";


export const handle = title((t, data: { name: string }) => `${t("tournaments.tab.participants")} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const players = await db().player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } });
  const swiss = tournament.mode === "SWISS" && tournament.form === "SINGLE_PLAYER";
  return json({ gid: event.id, tid: tournament.id, name: tournament.name, players, swiss, locked: Boolean(await playersLocked(db(), tournament.id)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const here = localizePath(`/webapp/tournament/players/${event.id}/${tournament.id}`, requestLanguage(request));
  const formData = await request.formData();
  if (formData.get("intent") === "removeAll") {
    const removed = await removeAllPlayers(db(), tournament.id);
    if (!removed.ok) return json({ error: removed.error }, { status: 409 });
    return redirectWithNotice(request, here, "notice.playersRemoved");
  }
  const submission = parseWithZod(formData, { schema: playerSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  const added = await addPlayers(db(), tournament, [submission.value]);
  if (!added.ok) return json({ result: bounded(submission.reply({ formErrors: [added.error] })) }, { status: 409 });
  return redirectWithNotice(request, here, "notice.playerAdded");
}

export default function Players() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid, name, players, swiss, locked } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { result?: SubmissionResult<string[]>; error?: string } | undefined;
  const [form, fields] = useZodForm("add-player", playerSchema, data?.result, { active: "on" } as never);
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${gid}/${tid}`)}>{name}</Link>
      </p>
      <h1>{t("players.heading")}</h1>
      {data?.error ? <FormError errors={[data.error]} /> : null}
      <p className="actions">
        <Link className="button" to={to(`/webapp/tournament/players/${gid}/${tid}/import`)}>
          {t("players.import")}
        </Link>{" "}
        <a className="button" href={to(`/webapp/playersPdf/${gid}/${tid}`)} download>
          {t("players.pdf")}
        </a>{" "}
        {swiss ? (
          <Link className="button" to={to(`/webapp/tournament/pairingRules/${gid}/${tid}`)}>
            {t("pairingRules.heading")}
          </Link>
        ) : null}
      </p>
      <PlayerTable players={players} editPath={(id) => to(`/webapp/player/${gid}/${tid}/${id}`)} />
      {locked ? (
        <p className="hint">{t("rounds.playersLocked")}</p>
      ) : (
        <>
          <h2>{t("players.add")}</h2>
          <Form method="post" {...getFormProps(form)} className="form-page">
            <FormError errors={form.errors} />
            <PlayerFields fields={fields} />
            <button type="submit" className="primary">
              {t("players.add")}
            </button>
          </Form>
          {players.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removeAll" />
              <button type="submit" className="danger">
                {t("players.removeAll")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
