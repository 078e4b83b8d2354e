import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerLink, PublicTournamentFrame, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { publicPage } from "~/organiser/publicAccess.server";
import { startingList } from "~/organiser/publicViews.server";

/** The public starting list: starting number (rating order), title, name, rating, club, federation. */
export const handle = title((t, data: { frame: PublicFrame }) => `${t("public.startingList")} – ${data.frame.tournament.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached } = await publicPage(request, params);
  return json({ frame, players: cached.view("players", startingList) });
}

export default function PublicStartingList() {
  const { t } = useTranslation();
  const { frame, players } = useLoaderData<typeof loader>();
  return (
    <PublicTournamentFrame frame={frame} view="players" heading={t("public.startingList")}>
      {players.length ? (
        <div className="table-scroll">
          <table className="starting-list">
            <thead>
              <tr>
                <th>{t("players.snr")}</th>
                <th>{t("players.name")}</th>
                <th>{t("public.rating")}</th>
                <th className="wide-only">{t("players.club")}</th>
                <th>{t("public.federation")}</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.snr}>
                  <td>{p.snr}</td>
                  <td className="name">
                    <PlayerLink frame={frame} player={p} />
                  </td>
                  <td>{p.rating ?? ""}</td>
                  <td className="wide-only">{p.club ?? ""}</td>
                  <td>{p.country ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty">{t("players.empty")}</p>
      )}
    </PublicTournamentFrame>
  );
}
