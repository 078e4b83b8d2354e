import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isAdmin, requireUser } from "~/auth/user.server";
import { toId } from "~/lib/limits";
import { useLanguage, useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { formatDate } from "~/lib/dates";
import { title } from "~/components/PageTitle";

/**
 * 'Your Events': the signed-in organiser's events, newest change first. An admin may add ?uid= to
 * see another user's dashboard (the user switcher); it is read-only here, and what the admin then
 * changes in that user's events is logged.
 */

export const handle = title((t) => t("dashboard.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const uid = isAdmin(user) ? toId(new URL(request.url).searchParams.get("uid")) : null;
  const viewed = uid && uid !== user.id ? await db().user.findUnique({ where: { id: uid }, select: { id: true, email: true } }) : null;
  if (uid && uid !== user.id && !viewed) throw json("admin.unknownUser", { status: 404 });
  const events = await db().event.findMany({
    where: { creatorId: viewed?.id ?? user.id },
    orderBy: { lastUpdated: "desc" },
    select: { id: true, name: true, startDate: true, endDate: true, _count: { select: { tournaments: true } } },
  });
  return json({ events, viewed });
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { events, viewed } = useLoaderData<typeof loader>();
  const language = useLanguage();
  const to = useLocalePath();
  return (
    <section>
      <h1>{viewed ? t("admin.dashboardOf", { email: viewed.email }) : t("dashboard.title")}</h1>
      {viewed ? (
        <p className="notice-inline" role="note">
          {t("admin.readOnly")} <Link to={to(`/webapp/adminPage?uid=${viewed.id}`)}>{t("admin.backToAdmin")}</Link>
        </p>
      ) : (
        <p>
          <Link className="button primary" to={to("/webapp/createEvent")}>
            {t("events.create")}
          </Link>
        </p>
      )}
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
