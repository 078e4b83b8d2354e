import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerLink, PublicTournamentFrame, RoundPicker, ScoreCells, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { formatPoints } from "~/lib/numbers";
import { publicPage, publicRound } from "~/organiser/publicAccess.server";
import { standingsAfter } from "~/organiser/publicViews.server";

/** The public standings after any round, with the tournament's tiebreak columns (and team standings). */
export const handle = title((t, data: { frame: PublicFrame; round: number }) => `${t("rankings.after", { round: data.round })} – ${data.frame.tournament.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached } = await publicPage(request, params);
  const round = publicRound(params.r, frame.rounds);
  return json({ frame, round, ...cached.view(`standings:${round}`, (s) => standingsAfter(s, round)) });
}

export default function PublicStandings() {
  const { t, i18n } = useTranslation();
  const { frame, round, headers, rows, teams } = useLoaderData<typeof loader>();
  const points = (value: number) => formatPoints(value, i18n.language);
  return (
    <PublicTournamentFrame frame={frame} view="standings" heading={t("rankings.after", { round })}>
      <RoundPicker frame={frame} view="standings" round={round} />
      {teams.length ? (
        <div className="table-scroll">
          <table className="team-rankings">
            <caption>{t("rankings.teams")}</caption>
            <thead>
              <tr>
                <th>{t("rankings.rank")}</th>
                <th>{t("teams.name")}</th>
                <th title={t("public.matchPointsLong")}>{t("rankings.matchPoints")}</th>
                <th title={t("public.boardPointsLong")}>{t("rankings.boardPoints")}</th>
              </tr>
            </thead>
            <tbody>
              {teams.map((row) => (
                <tr key={row.snr}>
                  <td>{row.rank}</td>
                  <td className="name">{row.name}</td>
                  <td>{row.matchPoints}</td>
                  <td>{points(row.boardPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="rankings">
          {teams.length ? <caption>{t("rankings.players")}</caption> : null}
          <thead>
            <tr>
              <th>{t("rankings.rank")}</th>
              <th className="wide-only">{t("players.snr")}</th>
              <th>{t("players.name")}</th>
              <th className="wide-only">{t("public.rating")}</th>
              <th className="wide-only">{t("public.federation")}</th>
              <th>{t("rankings.points")}</th>
              {headers.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.snr}>
                <td>{row.rank}</td>
                <td className="wide-only">{row.snr}</td>
                <td className="name">
                  <PlayerLink frame={frame} player={row} />
                </td>
                <td className="wide-only">{row.rating ?? ""}</td>
                <td className="wide-only">{row.country ?? ""}</td>
                <ScoreCells score={row.score} tiebreaks={row.tiebreaks} headers={headers} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PublicTournamentFrame>
  );
}
