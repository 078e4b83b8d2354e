import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { title } from "~/components/PageTitle";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { formatPoints } from "~/lib/numbers";
import { message } from "~/lib/messages";
import { parseRound, requireTournament } from "~/organiser/access.server";
import { explainDrawnRound } from "~/organiser/explain.server";
import type { BoardExplanation } from "~/tournament/dutch/explain";

export const handle = title((t, data: { name: string; round: number }) => `${t("explain.heading", { round: data.round })} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const round = parseRound(params.r, tournament);
  if (!(await db().round.count({ where: { tournamentId: tournament.id, round } }))) throw json(message("rounds.errors.roundDoesNotExist", { round }), { status: 404 });
  const explanation = await explainDrawnRound(db(), tournament, round);
  return json({ gid: event.id, tid: tournament.id, name: tournament.name, round, explanation });
}

function Board({ board, names }: { board: BoardExplanation; names: Record<number, string> }) {
  const { t, i18n } = useTranslation();
  const who = (id: number) => `${id}. ${names[id] ?? ""}`;
  const { reason } = board;
  const offered = board.offered !== undefined ? { higher: who(board.higher), offered: who(board.offered) } : { higher: who(board.higher), offered: "" };
  return (
    <li className="explained-board">
      <h2>
        {t("explain.board", { board: board.board })}: {who(board.white)} – {who(board.black)}
      </h2>
      <p>
        {t("explain.bracket", { score: formatPoints(board.bracket.score, i18n.language), players: board.bracket.players })}
        {board.bracket.movedDown.length ? ` ${t("explain.movedDown", { players: board.bracket.movedDown.join(", ") })}` : ""}
        {board.bracket.floatedDown.length ? ` ${t("explain.floatedDown", { players: board.bracket.floatedDown.join(", ") })}` : ""}
      </p>
      {board.floaters.map((f) => (
        <p key={f.id}>{t("explain.floater", { player: who(f.id), score: formatPoints(f.score, i18n.language) })}</p>
      ))}
      <p className="reason">
        {reason.kind === "natural"
          ? t("explain.natural")
          : reason.kind === "criterion"
            ? t("explain.criterion", { ...offered, criterion: reason.criterion, what: t(`explain.criteria.${reason.criterion}`) })
            : reason.kind === "rematch" || reason.kind === "sameAbsoluteColour" || reason.kind === "forbidden"
              ? t(`explain.${reason.kind}`, { ...offered, a: who(reason.players[0]), b: who(reason.players[1]), round: reason.kind === "rematch" ? reason.round : "" })
              : t(`explain.${reason.kind}`, offered)}
      </p>
      <p>{t("explain.colour", { player: who(board.white), rule: t(`explain.colours.${board.colour}`) })}</p>
    </li>
  );
}

export default function ExplainRound() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const { gid, tid, name, round, explanation } = useLoaderData<typeof loader>();
  return (
    <section className="explain">
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${gid}/${tid}`)}>{name}</Link> › <Link to={to(`/webapp/round/${gid}/${tid}/${round}`)}>{t("rounds.title", { round })}</Link>
      </p>
      <h1>{t("explain.heading", { round })}</h1>
      {!explanation.ok ? (
        <p className="hint">{t(`explain.${explanation.error}`)}</p>
      ) : (
        <>
          <p className="hint">{t("explain.intro")}</p>
          {explanation.value.differs ? <p className="form-error">{t("explain.differs")}</p> : null}
          <ol className="explained">
            {explanation.value.boards.map((board) => (
              <Board key={board.board} board={board} names={explanation.value.names} />
            ))}
          </ol>
          {explanation.value.bye ? (
            <p>{t("explain.bye", { player: `${explanation.value.bye.id}. ${explanation.value.names[explanation.value.bye.id] ?? ""}`, score: formatPoints(explanation.value.bye.score, i18n.language) })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
