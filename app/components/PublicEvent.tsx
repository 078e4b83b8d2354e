import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import { LinkList, publicPath } from "./PublicTournament";
import { useLanguage, useLocalePath } from "./Shell";

type EventData = {
  name: string;
  slug: string;
  site: string | null;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  links: { link: string; text: string }[];
  tournaments: { id: number; name: string; slug: string; mode: string; form: string; players: number; rounds: number }[];
};

/** A public event: its dates and place, and each public tournament with one tap to its pairings and standings. */
export function PublicEvent({ event }: { event: EventData }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const language = useLanguage();
  const dates = [event.startDate, event.endDate].filter((d): d is string => Boolean(d)).map((d) => formatDate(d, language));
  return (
    <section className="public">
      <h1>{event.name}</h1>
      {dates.length || event.site ? <p className="hint">{[[...new Set(dates)].join(" – "), event.site].filter(Boolean).join(" · ")}</p> : null}
      {event.description ? <p className="description">{event.description}</p> : null}
      <ul className="cards">
        {event.tournaments.map((tournament) => {
          const frame = { event, tournament };
          return (
            <li key={tournament.id} className="card">
              <h2>
                <Link to={to(publicPath(frame))}>{tournament.name}</Link>
              </h2>
              <p className="hint">
                {t(`tournaments.modes.${tournament.mode}`)} · {t("tournaments.playerCount", { count: tournament.players })} ·{" "}
                {t("tournaments.roundCount", { count: tournament.rounds })}
              </p>
              <p className="actions">
                <Link to={to(publicPath(frame, "players"))}>{t("public.startingList")}</Link>
                {tournament.rounds ? (
                  <>
                    <Link to={to(publicPath(frame, "round", tournament.rounds))}>{t("public.pairings")}</Link>
                    <Link to={to(publicPath(frame, "standings", tournament.rounds))}>{t("public.standings")}</Link>
                  </>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <LinkList links={event.links} />
      <p className="hint">{t("public.intro")}</p>
    </section>
  );
}
