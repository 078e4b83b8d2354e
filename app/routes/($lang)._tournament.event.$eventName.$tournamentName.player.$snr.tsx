import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerLink, PublicTournamentFrame, publicPath, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { formatPoints } from "~/lib/numbers";
import { MAX_PLAYERS } from "~/lib/limits";
import { parseId } from "~/organiser/access.server";
import { publicPage } from "~/organiser/publicAccess.server";
import { playerRounds } from "~/organiser/publicViews.server";

/** A player's public page: each round's opponent, colour, result and running score; rank and rating performance. */
export const handle = title((_t, data: { frame: PublicFrame; card: { player: { name: string } } }) => `${data.card.player.name} – ${data.frame.tournament.name}`,
  (t, data) => t("meta.player", { player: data.card.player.name, tournament: data.frame.tournament.name, event: data.frame.event.name }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached } = await publicPage(request, params);
  const snr = parseId(params.snr, MAX_PLAYERS);
  const card = cached.view(`player:${snr}`, (s) => playerRounds(s, snr));
  if (!card) throw json("error.tournamentMissing", { status: 404 });
  return json({ frame, card });
}

export default function PublicPlayer() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const { frame, card } = useLoaderData<typeof loader>();
  const { player } = card;
  const points = (value: number) => formatPoints(value, i18n.language);
  return (
    <PublicTournamentFrame frame={frame} view="player" heading={`${player.title ? `${player.title} ` : ""}${player.name}`}>
      <dl className="facts">
        <dt>{t("players.snr")}</dt>
        <dd>{player.snr}</dd>
        {player.rating ? (
          <>
            <dt>{t("public.rating")}</dt>
            <dd>{player.rating}</dd>
          </>
        ) : null}
        {player.club ? (
          <>
            <dt>{t("players.club")}</dt>
            <dd>{player.club}</dd>
          </>
        ) : null}
        {player.country ? (
          <>
            <dt>{t("public.federation")}</dt>
            <dd>{player.country}</dd>
          </>
        ) : null}
        {player.fideId ? (
          <>
            <dt>{t("players.fideId")}</dt>
            <dd>{player.fideId}</dd>
          </>
        ) : null}
        <dt>{t("rankings.points")}</dt>
        <dd>
          <strong>{points(card.score)}</strong>
          {card.rank ? ` (${t("public.rankOf", { rank: card.rank })})` : ""}
        </dd>
        {card.averageOpponent ? (
          <>
            <dt>{t("public.averageOpponent")}</dt>
            <dd>{card.averageOpponent}</dd>
          </>
        ) : null}
        {card.performance ? (
          <>
            <dt>{t("public.performance")}</dt>
            <dd>{t("public.performanceOf", { performance: card.performance, count: card.gamesRated })}</dd>
          </>
        ) : null}
      </dl>
      {card.rounds.length ? (
        <div className="table-scroll">
          <table className="player-rounds">
            <thead>
              <tr>
                <th>{t("rounds.round")}</th>
                <th className="wide-only">{t("rounds.board")}</th>
                <th>{t("players.colour")}</th>
                <th>{t("players.opponent")}</th>
                <th className="wide-only">{t("public.rating")}</th>
                <th>{t("rounds.result")}</th>
                <th>{t("public.total")}</th>
              </tr>
            </thead>
            <tbody>
              {card.rounds.map((r) => (
                <tr key={r.round}>
                  <td>
                    <Link to={to(publicPath(frame, "round", r.round))}>{r.round}</Link>
                  </td>
                  <td className="wide-only">{r.board ?? ""}</td>
                  <td>{r.colour ? t(r.colour === "w" ? "rounds.white" : "rounds.black") : ""}</td>
                  <td className="name">{r.opponent ? <PlayerLink frame={frame} player={r.opponent} /> : t(`public.kind.${r.kind}`)}</td>
                  <td className="wide-only">{r.opponent?.rating ?? ""}</td>
                  <td>
                    {r.mark}
                    {r.kind === "forfeit" ? ` (${t("players.forfeit")})` : ""}
                  </td>
                  <td>{points(r.running)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty">{t("rounds.none")}</p>
      )}
    </PublicTournamentFrame>
  );
}
