import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/user.server";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { title } from "~/components/PageTitle";

/** Open tasks of the organiser: rounds whose results are still missing. */

export const handle = title((t) => t("tasks.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const rounds = await db().round.findMany({
    where: { state: "IN_PROGRESS", tournament: { creatorId: user.id } },
    orderBy: [{ tournamentId: "asc" }, { round: "asc" }],
    select: {
      round: true,
      tournament: { select: { id: true, name: true, eventId: true } },
      _count: { select: { games: { where: { gameResult: "UNSET" } } } },
    },
  });
  return json({ rounds });
}

export default function Tasks() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { rounds } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>{t("tasks.title")}</h1>
      {rounds.length === 0 ? (
        <p className="empty">{t("tasks.none")}</p>
      ) : (
        <ul>
          {rounds.map((r) => (
            <li key={`${r.tournament.id}-${r.round}`}>
              <Link to={to(`/webapp/round/${r.tournament.eventId}/${r.tournament.id}/${r.round}`)}>
                {r.tournament.name} – {t("rounds.title", { round: r.round })}
              </Link>
              : {t("tasks.missingResults", { count: r._count.games })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
