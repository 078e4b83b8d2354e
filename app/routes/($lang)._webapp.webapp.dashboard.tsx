import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/user.server";
import { useLanguage, useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { formatDate } from "~/lib/dates";
import { title } from "~/components/PageTitle";

/** 'Your Events': the signed-in organiser's events, newest change first. */

export const handle = title((t) => t("dashboard.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const events = await db().event.findMany({
    where: { creatorId: user.id },
    orderBy: { lastUpdated: "desc" },
    select: { id: true, name: true, startDate: true, endDate: true, _count: { select: { tournaments: true } } },
  });
  return json({ events });
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { events } = useLoaderData<typeof loader>();
  const language = useLanguage();
  const to = useLocalePath();
  return (
    <section>
      <h1>{t("dashboard.title")}</h1>
      <p>
        <Link className="button primary" to={to("/webapp/createEvent")}>
          {t("events.create")}
        </Link>
      </p>
      {events.length === 0 ? (
        <p className="empty">{t("dashboard.empty")}</p>
      ) : (
        <ul className="cards">
          {events.map((event) => (
            <li key={event.id} className="card">
              <h2>
                <Link to={to(`/webapp/event/${event.id}`)}>{event.name}</Link>
              </h2>
              {event.startDate ? (
                <p>
                  {formatDate(event.startDate, language)}
                  {event.endDate ? ` – ${formatDate(event.endDate, language)}` : ""}
                </p>
              ) : null}
              <p>{t("dashboard.tournamentCount", { count: event._count.tournaments })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
