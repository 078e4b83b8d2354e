import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { parseRound, requireTournament } from "~/organiser/access.server";
import { recordsOf } from "~/organiser/rounds.server";
import { teamMatches, teamsOf, teamStandings } from "~/organiser/teams.server";
import { standings, TIEBREAK_HEADERS, type Tiebreak } from "~/tournament/tiebreaks";
import { title } from "~/components/PageTitle";
import { formatPoints } from "~/lib/numbers";
import { absencesOf } from "~/organiser/pairingRules.server";

/** The ranking after round r with the tournament's tiebreaks (printable). */

export const handle = title((t, data: { name: string; round: number }) => `${t("rankings.after", { round: data.round })} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const round = parseRound(params.r, tournament);
  const [players, games, absences] = await Promise.all([
    db().player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } }),
    db().game.findMany({ where: { tournamentId: tournament.id, round: { lte: round } } }),
    absencesOf(db(), tournament.id),
  ]);
  const tiebreaks = [tournament.tiebreakScoreFirst, tournament.tiebreakScoreSecond, tournament.tiebreakScoreThird].filter((t) => t !== "NONE") as Tiebreak[];
  const bySnr = new Map(players.map((p) => [p.snr, p]));
  const records = recordsOf(players, games, round, absences).map((r) => ({ ...r, rating: bySnr.get(r.id)?.elo ?? bySnr.get(r.id)?.nwz ?? undefined }));
  const rows = standings({ players: records, round }, tiebreaks).map((row) => {
    const player = bySnr.get(row.id)!;
    return { ...row, name: player.name, club: player.club, rating: player.elo ?? player.nwz };
  });
  const teams = tournament.form === "TEAM" ? await teamsOf(db(), tournament.id) : [];
  const teamRows = teams.length ? teamStandings(teams, teamMatches(teams, games), round) : [];
  return json({ gid: event.id, tid: tournament.id, name: tournament.name, round, headers: tiebreaks.map((t) => TIEBREAK_HEADERS[t]), rows, teamRows });
}


export default function Rankings() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const { gid, tid, name, round, headers, rows, teamRows } = useLoaderData<typeof loader>();
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/round/${gid}/${tid}/${round}`)}>
          {name} – {t("rounds.title", { round })}
        </Link>
      </p>
      <h1>{t("rankings.after", { round })}</h1>
      {teamRows.length ? (
        <>
          <h2>{t("rankings.teams")}</h2>
          <table className="team-rankings">
            <thead>
              <tr>
                <th>{t("rankings.rank")}</th>
                <th>{t("teams.name")}</th>
                <th>{t("rankings.matchPoints")}</th>
                <th>{t("rankings.boardPoints")}</th>
              </tr>
            </thead>
            <tbody>
              {teamRows.map((row) => (
                <tr key={row.snr}>
                  <td>{row.rank}</td>
                  <td className="name">{row.name}</td>
                  <td>{row.matchPoints}</td>
                  <td>{formatPoints(row.boardPoints, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("rankings.players")}</h2>
        </>
      ) : null}
      <table className="rankings">
        <thead>
          <tr>
            <th>{t("rankings.rank")}</th>
            <th>{t("players.snr")}</th>
            <th>{t("players.name")}</th>
            <th>{t("players.elo")}</th>
            <th>{t("rankings.points")}</th>
            {headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.rank}</td>
              <td>{row.id}</td>
              <td className="name">{row.name}</td>
              <td>{row.rating}</td>
              <td>{formatPoints(row.score, i18n.language)}</td>
              {row.tiebreaks.map((value, i) => (
                <td key={headers[i]}>{formatPoints(value, i18n.language)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
