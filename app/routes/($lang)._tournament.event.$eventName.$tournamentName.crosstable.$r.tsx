import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerLink, PublicTournamentFrame, RoundPicker, ScoreCells, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { publicPage, publicRound } from "~/organiser/publicAccess.server";
import { crossTable } from "~/organiser/publicViews.server";

/** The public cross table after any round: per round the opponent's rank, colour and result. */
export const handle = title((t, data: { frame: PublicFrame; round: number }) => `${t("public.crossTable")} – ${data.frame.tournament.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached } = await publicPage(request, params);
  const round = publicRound(params.r, frame.rounds);
  return json({ frame, round, ...cached.view(`crosstable:${round}`, (s) => crossTable(s, round)) });
}

export default function PublicCrossTable() {
  const { t } = useTranslation();
  const { frame, round, headers, rows } = useLoaderData<typeof loader>();
  return (
    <PublicTournamentFrame frame={frame} view="crosstable" heading={t("public.crossTableAfter", { round })}>
      <RoundPicker frame={frame} view="crosstable" round={round} />
      <p className="hint">{t("public.crossTableHint")}</p>
      <div className="table-scroll">
        <table className="cross-table">
          <thead>
            <tr>
              <th>{t("rankings.rank")}</th>
              <th>{t("players.name")}</th>
              <th>{t("public.rating")}</th>
              {Array.from({ length: round }, (_, i) => (
                <th key={i} className="cell">
                  {i + 1}
                </th>
              ))}
              <th>{t("rankings.points")}</th>
              {headers.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.snr}>
                <td>{index + 1}</td>
                <td className="name">
                  <PlayerLink frame={frame} player={row} />
                </td>
                <td>{row.rating ?? ""}</td>
                {row.cells.map((cell, i) => (
                  <td key={i} className="cell">
                    {cell.opponent ? `${cell.opponent}${cell.colour ? t(`public.colourLetter.${cell.colour}`) : ""}` : ""}
                    {cell.opponent ? " " : ""}
                    {cell.mark}
                  </td>
                ))}
                <ScoreCells score={row.score} tiebreaks={row.tiebreaks} headers={headers} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PublicTournamentFrame>
  );
}
