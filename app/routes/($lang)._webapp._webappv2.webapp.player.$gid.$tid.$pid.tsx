import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/Field";
import { PlayerFields } from "~/components/PlayerFields";
import { useLocalePath } from "~/components/Shell";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { playerSchema } from "~/forms/organiser";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { parseId, requireTournament } from "~/organiser/access.server";
import { updatePlayer } from "~/organiser/players.server";
import { bounded } from "~/forms/reply.server";
import { title } from "~/components/PageTitle";
import { playerCard, type PlayerCard } from "~/organiser/playerCard.server";
import { formatPoints } from "~/lib/numbers";

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const player = await db().player.findFirst({ where: { id: parseId(params.pid), tournamentId: tournament.id } });
  if (!player) throw json("error.tournamentMissing", { status: 404 });
  return { event, tournament, player };
}


export const handle = title((_t, data: { player: { name: string } }) => data.player.name);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament, player } = await load(request, params);
  return json({ gid: event.id, tid: tournament.id, player, card: await playerCard(db(), tournament, player) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament, player } = await load(request, params);
  const submission = parseWithZod(await request.formData(), { schema: playerSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  await updatePlayer(db(), tournament, player.id, submission.value);
  return redirectWithNotice(request, localizePath(`/webapp/tournament/players/${event.id}/${tournament.id}`, requestLanguage(request)), "notice.changesSaved");
}

export default function PlayerPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { gid, tid, player, card } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm("edit-player", playerSchema, useActionData<typeof action>()?.result, {
    name: player.name,
    title: player.title ?? "",
    fideId: player.fideId ?? "",
    elo: player.elo?.toString() ?? "",
    nwz: player.nwz?.toString() ?? "",
    club: player.club ?? "",
    country: player.country ?? "",
    active: player.active ? "on" : "",
  } as never);
  return (
    <section className="form-page">
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/players/${gid}/${tid}`)}>{t("players.heading")}</Link>
      </p>
      <h1>{player.name}</h1>
      <PlayerRounds card={card} />
      <h2>{t("players.edit")}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} />
        <PlayerFields fields={fields} />
        <button type="submit" className="primary">
          {t("events.save")}
        </button>
      </Form>
    </section>
  );
}

/** Rank, points and every round's board, opponent, colour and points. */
function PlayerRounds({ card }: { card: PlayerCard }) {
  const { t, i18n } = useTranslation();
  if (!card.rounds.length) return <p className="empty">{t("rounds.none")}</p>;
  const points = (value: number) => formatPoints(value, i18n.language);
  return (
    <>
      <p>
        {t("players.rankAndPoints", { rank: card.rank ?? "–", points: points(card.points) })}
      </p>
      <table className="player-rounds">
        <thead>
          <tr>
            <th>{t("rounds.round")}</th>
            <th>{t("rounds.board")}</th>
            <th>{t("players.colour")}</th>
            <th>{t("players.opponent")}</th>
            <th>{t("rankings.points")}</th>
          </tr>
        </thead>
        <tbody>
          {card.rounds.map((r) => (
            <tr key={r.round}>
              <td>{r.round}</td>
              <td>{r.board ?? "–"}</td>
              <td>{r.colour ? t(r.colour === "w" ? "rounds.white" : "rounds.black") : "–"}</td>
              <td className="name">{r.opponent ?? t(r.kind === "pab" ? "rounds.bye" : "players.notPaired")}{r.kind === "forfeit" ? ` (${t("players.forfeit")})` : ""}</td>
              <td>{points(r.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
