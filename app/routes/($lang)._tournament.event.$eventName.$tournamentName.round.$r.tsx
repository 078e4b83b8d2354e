import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GamesAccess, PlayerLink, PublicPairings, PublicTournamentFrame, RoundPicker, publicPath, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { formatPoints } from "~/lib/numbers";
import { publicPage, publicRound, unlockAction } from "~/organiser/publicAccess.server";
import { roundBoards } from "~/organiser/publicViews.server";

/** A round's public pairings and results (team matches first in team tournaments), the round's PGN where games are shown. */
export const handle = title((t, data: { frame: PublicFrame; round: number }) => `${t("rounds.title", { round: data.round })} – ${data.frame.tournament.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached, gamesAllowed, needsPassword, gamesVisible } = await publicPage(request, params);
  const round = publicRound(params.r, frame.rounds);
  return json({ frame, round, ...cached.view(`round:${round}`, (s) => roundBoards(s, round)), gamesAllowed, needsPassword, gamesVisible });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return unlockAction(request, params);
}

export default function PublicRound() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const data = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const { frame, round } = data;
  return (
    <PublicTournamentFrame frame={frame} view="pairings" heading={t("rounds.title", { round })}>
      <RoundPicker frame={frame} view="round" round={round} />
      {data.teamMatches.length ? (
        <table className="team-matches">
          <caption>{t("public.teamMatches")}</caption>
          <tbody>
            {data.teamMatches.map((m) => (
              <tr key={`${m.home}-${m.away}`}>
                <td className="name">{m.home}</td>
                <td className="result">
                  {formatPoints(m.homePoints, i18n.language)} : {formatPoints(m.awayPoints, i18n.language)}
                </td>
                <td className="name">{m.away}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <PublicPairings frame={frame} round={round} boards={data.boards} gamesVisible={data.gamesVisible} />
      {data.absent.length ? (
        <p>
          {t("public.notPaired")}:{" "}
          {data.absent.map((p, i) => (
            <span key={p.snr}>
              {i ? ", " : ""}
              <PlayerLink frame={frame} player={p} />
            </span>
          ))}
        </p>
      ) : null}
      <GamesAccess
        gamesAllowed={data.gamesAllowed}
        needsPassword={data.needsPassword}
        error={error}
        pgn={{ href: to(publicPath(frame, "pgn", round)), label: t("public.downloadPgn", { round }) }}
      />
    </PublicTournamentFrame>
  );
}
