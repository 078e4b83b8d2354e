import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { message } from "~/lib/messages";
import { parseRound, requireTournament } from "~/organiser/access.server";

/** /webapp/tournament/pairings/{gid}/{tid}/{r}: a round's pairings as a page to print and hang up (spec §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const round = parseRound(params.r, tournament);
  const games = await db().game.findMany({ where: { tournamentId: tournament.id, round }, orderBy: { board: "asc" }, include: { white: true, black: true } });
  if (!games.length) throw json(message("rounds.errors.roundDoesNotExist", { round }), { status: 404 });
  const player = (p: { name: string; snr: number; elo: number | null; nwz: number | null } | null) => p && { name: p.name, snr: p.snr, rating: p.elo ?? p.nwz };
  return json({
    gid: event.id,
    tid: tournament.id,
    event: event.name,
    name: tournament.name,
    round,
    games: games.map((g) => ({ board: g.board, white: player(g.white), black: player(g.black), result: g.gameResult })),
  });
}

export const handle = title((t, data: { name: string; round: number }) => `${t("rounds.title", { round: data.round })} – ${data.name}`);

export default function PrintablePairings() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const data = useLoaderData<typeof loader>();
  const name = (p: (typeof data.games)[number]["white"]) => (p ? `${p.name}${p.rating ? ` (${p.rating})` : ""}` : t("rounds.bye"));
  return (
    <section className="printable">
      <p className="breadcrumbs no-print">
        <Link to={to(`/webapp/round/${data.gid}/${data.tid}/${data.round}`)}>{t("rounds.title", { round: data.round })}</Link>
      </p>
      <p className="print-event">{data.event}</p>
      <h1>
        {data.name} – {t("rounds.title", { round: data.round })}
      </h1>
      <div className="table-scroll">
        <table className="pairings print-table">
          <thead>
            <tr>
              <th>{t("rounds.board")}</th>
              <th>{t("rounds.white")}</th>
              <th>{t("rounds.result")}</th>
              <th>{t("rounds.black")}</th>
            </tr>
          </thead>
          <tbody>
            {data.games.map((game) => (
              <tr key={game.board}>
                <td>{game.board}</td>
                <td className="name">{name(game.white)}</td>
                <td>{game.result === "UNSET" ? "–" : t(`results.${game.result}`)}</td>
                <td className="name">{name(game.black)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint no-print">{t("rounds.printHint")}</p>
    </section>
  );
}
