import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GamesAccess, LinkList, PublicPairings, PublicTournamentFrame, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { useLanguage } from "~/components/Shell";
import { title } from "~/components/PageTitle";
import { formatDate } from "~/lib/dates";
import { publicPage, unlockAction } from "~/organiser/publicAccess.server";
import { roundBoards, tiebreaksOf } from "~/organiser/publicViews.server";

/**
 * /event/{eventName}/{tournamentName}: a public tournament: its details and the pairings of the
 * current round, two taps from the event page to any player's results.
 */
export const handle = title((_t, data: { frame: PublicFrame }) => `${data.frame.tournament.name} – ${data.frame.event.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament, frame, cached, gamesAllowed, needsPassword, gamesVisible } = await publicPage(request, params);
  const round = frame.rounds;
  const current = round ? cached.view(`round:${round}`, (s) => roundBoards(s, round)) : null;
  return json({
    event,
    tournament,
    frame,
    players: cached.snapshot.players.length,
    tiebreaks: cached.view("tiebreaks", tiebreaksOf),
    current,
    gamesAllowed,
    needsPassword,
    gamesVisible,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return unlockAction(request, params);
}

export default function TournamentOverview() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const language = useLanguage();
  const error = useActionData<typeof action>()?.error;
  const { event, tournament, frame, current } = data;
  const dates = [tournament.startDate ?? event.startDate, tournament.endDate ?? event.endDate].filter(Boolean).map((d) => formatDate(d!, language));
  return (
    <PublicTournamentFrame frame={frame} view="overview">
      <dl className="facts">
        {dates.length ? (
          <>
            <dt>{t("public.dates")}</dt>
            <dd>{[...new Set(dates)].join(" – ")}</dd>
          </>
        ) : null}
        {event.site ? (
          <>
            <dt>{t("public.site")}</dt>
            <dd>{event.site}</dd>
          </>
        ) : null}
        <dt>{t("tournaments.mode")}</dt>
        <dd>
          {t(`tournaments.modes.${tournament.mode}`)}
          {tournament.form === "TEAM" ? `, ${t("tournaments.forms.TEAM")}` : ""}
        </dd>
        <dt>{t("tournaments.rounds")}</dt>
        <dd>{tournament.plannedRounds ? t("public.roundsOf", { played: frame.rounds, planned: tournament.plannedRounds }) : frame.rounds}</dd>
        <dt>{t("players.heading")}</dt>
        <dd>{data.players}</dd>
        {data.tiebreaks.length ? (
          <>
            <dt>{t("public.tiebreaks")}</dt>
            <dd>{data.tiebreaks.map((tb) => t(`tiebreaks.${tb}`)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {tournament.description ? <p className="description">{tournament.description}</p> : null}
      <LinkList links={[...event.links, ...tournament.links]} />
      <GamesAccess gamesAllowed={data.gamesAllowed} needsPassword={data.needsPassword} error={error} />
      {current ? (
        <>
          <h2>{t("rounds.title", { round: frame.rounds })}</h2>
          <PublicPairings frame={frame} round={frame.rounds} boards={current.boards} gamesVisible={data.gamesVisible} />
        </>
      ) : (
        <p className="empty">{t("rounds.none")}</p>
      )}
      <p className="hint">{t("public.intro")}</p>
    </PublicTournamentFrame>
  );
}
