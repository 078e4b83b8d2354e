import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { slug } from "~/lib/slug";
import { useLocalePath } from "./Shell";

/** A public event: its public tournaments. */
export function PublicEvent({ event }: { event: { name: string; description: string | null; tournaments: { id: number; name: string }[] } }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section>
      <h1>{event.name}</h1>
      {event.description ? <p>{event.description}</p> : null}
      <ul>
        {event.tournaments.map((tournament) => (
          <li key={tournament.id}>
            <Link to={to(`/event/${slug(event.name)}/${slug(tournament.name)}`)}>{tournament.name}</Link>
          </li>
        ))}
      </ul>
      <p className="hint">{t("public.intro")}</p>
    </section>
  );
}
