import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { sessionStorage } from "~/auth/session.server";
import { FormError } from "~/components/Field";
import { PublicEvent } from "~/components/PublicEvent";
import { db } from "~/db/client.server";
import { checkGamesPassword, publicEvent, publicTournament, unlockStamp } from "~/organiser/public.server";
import { title } from "~/components/PageTitle";

/** /event/{eventName}/{tournamentName}: the public event, or one of its public tournaments (by slug). */
async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const event = await publicEvent(db(), { slug: params.eventName ?? "" });
  if (!event) throw json("error.tournamentMissing", { status: 404 });
  if (!params.tournamentName) return { event, tournament: null };
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const unlocked: string[] = session.get("unlockedTournaments") ?? [];
  const tournament = await publicTournament(db(), event.id, params.tournamentName, (id, password) => unlocked.includes(unlockStamp(id, password)));
  if (!tournament) throw json("error.tournamentMissing", { status: 404 });
  return { event, tournament };
}


export const handle = title((_t, data: { event: { name: string }; tournament: { name: string } | null }) => (data.tournament ? `${data.tournament.name} – ${data.event.name}` : data.event.name));

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await load(request, params));
}

/** Unlock games with the tournament's games password; remembered in the session. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { tournament } = await load(request, params);
  if (!tournament) throw json("error.badRequest", { status: 400 });
  const row = await db().tournament.findUniqueOrThrow({ where: { id: tournament.id } });
  const given = String((await request.formData()).get("password") ?? "");
  if (!checkGamesPassword(row.password, given)) return json({ error: "public.wrongPassword" }, { status: 403 });
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  // The newest 20 unlocks are remembered (the cookie stays small).
  session.set("unlockedTournaments", [...(session.get("unlockedTournaments") ?? []), unlockStamp(row.id, row.password)].slice(-20));
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await sessionStorage().commitSession(session) } });
}

export default function PublicPage() {
  const { t } = useTranslation();
  const { event, tournament } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  if (!tournament) return <PublicEvent event={event} />;
  return (
    <section>
      <p className="breadcrumbs">{event.name}</p>
      <h1>{tournament.name}</h1>
      {tournament.lastRound === 0 ? <p className="empty">{t("rounds.none")}</p> : null}
      {tournament.ranking.length ? (
        <>
          <h2>{t("rankings.after", { round: tournament.lastRound })}</h2>
          <table>
            <thead>
              <tr>
                <th>{t("rankings.rank")}</th>
                <th>{t("players.name")}</th>
                <th>{t("rankings.points")}</th>
              </tr>
            </thead>
            <tbody>
              {tournament.ranking.map((row) => (
                <tr key={row.id}>
                  <td>{row.rank}</td>
                  <td>{row.name}</td>
                  <td>{row.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("rounds.title", { round: tournament.lastRound })}</h2>
          <table className="pairings">
            <tbody>
              {tournament.pairings.map((p) => (
                <tr key={p.board}>
                  <td>{p.board}</td>
                  <td>{p.white}</td>
                  <td>{t(`results.${p.result}`)}</td>
                  <td>{p.black ?? t("rounds.bye")}</td>
                  {p.moves ? <td className="moves-text">{p.moves}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {!tournament.gamesAllowed ? <p className="hint">{t("public.gamesHidden")}</p> : null}
      {tournament.needsPassword ? (
        <Form method="post" className="inline-form">
          <label htmlFor="games-password">{t("public.password")}</label>
          <input id="games-password" name="password" type="password" />
          <button type="submit">{t("public.unlock")}</button>
        </Form>
      ) : null}
      {error ? <FormError errors={[error]} /> : null}
    </section>
  );
}
