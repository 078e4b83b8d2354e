import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "./Shell";

/** A public event: its public tournaments. */
export function PublicEvent({ event }: { event: { name: string; slug: string; description: string | null; tournaments: { id: number; name: string; slug: string }[] } }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section>
      <h1>{event.name}</h1>
      {event.description ? <p>{event.description}</p> : null}
      <ul>
        {event.tournaments.map((tournament) => (
          <li key={tournament.id}>
            <Link to={to(`/event/${encodeURIComponent(event.slug)}/${encodeURIComponent(tournament.slug)}`)}>{tournament.name}</Link>
          </li>
        ))}
      </ul>
      <p className="hint">{t("public.intro")}</p>
    </section>
  );
}
