import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isAdmin, requireUser } from "~/auth/user.server";
import { Shell, useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import { eventMenu } from "~/organiser/navigation.server";

/** The webapp layout: every page below needs a signed-in user (each loader checks again). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const gid = toId(params.gid ?? params.id);
  const menu = gid ? await eventMenu(db(), gid, user.id, isAdmin(user)) : null;
  return json({ menu });
}

/** The group's tournaments with their players link and rounds (the mobile menu, spec §2). */
function EventMenu() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { menu } = useLoaderData<typeof loader>();
  if (!menu) return null;
  return (
    <details className="event-menu">
      <summary>{menu.name}</summary>
      <ul>
        {menu.tournaments.map((tournament) => (
          <li key={tournament.id}>
            <Link to={to(`/webapp/tournament/${menu.id}/${tournament.id}`)}>{tournament.name}</Link>
            <ul>
              <li>
                <Link to={to(`/webapp/tournament/players/${menu.id}/${tournament.id}`)}>{t("players.heading")}</Link>
              </li>
              {tournament.rounds.map((round) => (
                <li key={round}>
                  <Link to={to(`/webapp/round/${menu.id}/${tournament.id}/${round}`)}>{t("rounds.title", { round })}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function WebappLayout() {
  return (
    <Shell layout="webapp">
      <EventMenu />
      <Outlet />
    </Shell>
  );
}
