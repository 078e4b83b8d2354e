import { liveToken } from "~/live/tokens.server";
import { useLive } from "~/components/useLive";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { UploadForm } from "~/components/UploadForm";
import { readFormData, uploadedText } from "~/lib/formData.server";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import type { GameResult } from "~/generated/prisma/client";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { message } from "~/lib/messages";
import { redirectWithNotice } from "~/lib/notice.server";
import { parseRound, requireTournament } from "~/organiser/access.server";
import { importRoundGames } from "~/organiser/gameImport.server";
import { correctBoardNumbers, parseResults } from "~/organiser/boards.server";
import { drawErrorMessage, drawNextRound, removeLastRound, saveResults } from "~/organiser/rounds.server";
import { teamMatches, teamsOf } from "~/organiser/teams.server";
import { stageOf } from "~/tournament/knockout";
import { title } from "~/components/PageTitle";
import { formatPoints } from "~/lib/numbers";

const RESULTS: GameResult[] = ["UNSET", "WHITE_WINS", "DRAW", "BLACK_WINS", "PLUS", "MINUS", "ZEROED"];

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const { user, event, tournament } = await requireTournament(request, params.gid, params.tid);
  const number = parseRound(params.r, tournament);
  const round = await db().round.findUnique({ where: { tournamentId_round: { tournamentId: tournament.id, round: number } } });
  if (!round) throw json(message("rounds.errors.roundDoesNotExist", { round: number }), { status: 404 });
  return { user, event, tournament, round };
}


export const handle = title((t, data: { name: string; round: number }) => `${t("rounds.title", { round: data.round })} – ${data.name}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, event, tournament, round } = await load(request, params);
  const knockout = tournament.mode === "KNOCKOUT";
  const [games, last, firstRoundBoards, teams] = await Promise.all([
    db().game.findMany({ where: { roundId: round.id }, orderBy: { board: "asc" }, include: { white: true, black: true } }),
    db().round.count({ where: { tournamentId: tournament.id } }),
    knockout ? db().game.count({ where: { tournamentId: tournament.id, round: 1 } }) : 0,
    tournament.form === "TEAM" ? teamsOf(db(), tournament.id) : [],
  ]);
  const teamName = new Map(teams.map((team) => [team.snr, team.name]));
  // Team rounds: each match (teams, match score) with its boards.
  const matches = teamMatches(teams, games).map((m) => ({ home: teamName.get(m.home) ?? "", away: teamName.get(m.away) ?? "", homePoints: m.homePoints, awayPoints: m.awayPoints, boards: m.boards }));
  return json({
    live: { token: liveToken(user.id), eventId: event.id, tournamentId: tournament.id, roundId: round.round },
    gid: event.id,
    tid: tournament.id,
    name: tournament.name,
    round: round.round,
    state: round.state,
    isLast: last === round.round,
    hasNext: !tournament.plannedRounds || round.round < tournament.plannedRounds,
    knockout,
    swiss: tournament.mode === "SWISS" && tournament.form === "SINGLE_PLAYER",
    matches,
    games: games.map((g) => ({
      id: g.id,
      board: g.board,
      result: g.gameResult,
      bye: g.blackId === null,
      stage: knockout ? stageOf(round.round, g.board, firstRoundBoards) : null,
      goesThrough: knockout && g.winnerId ? (g.winnerId === g.whiteId ? "white" : g.winnerId === g.blackId ? "black" : "") : "",
      white: g.white ? { name: g.white.name, snr: g.white.snr, rating: g.white.elo ?? g.white.nwz } : null,
      black: g.black ? { name: g.black.name, snr: g.black.snr, rating: g.black.elo ?? g.black.nwz } : null,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament, round } = await load(request, params);
  const language = requestLanguage(request);
  const here = localizePath(`/webapp/round/${event.id}/${tournament.id}/${round.round}`, language);
  const formData = (await readFormData(request, 5 * 1024 * 1024)) ?? new FormData();
  switch (formData.get("intent")) {
    case "importResults": {
      const boards = await db().game.findMany({ where: { roundId: round.id, blackId: { not: null } }, select: { id: true, board: true } });
      const read = parseResults(String(formData.get("results") ?? ""), boards.map((b) => b.board));
      if (!read.ok) return json({ error: undefined, resultErrors: read.errors }, { status: 400 });
      const byBoard = new Map(boards.map((b) => [b.board, b.id]));
      await saveResults(db(), tournament.id, round.round, new Map([...read.value].map(([board, result]) => [byBoard.get(board)!, result])));
      return redirectWithNotice(request, here, "notice.resultsSaved");
    }
    case "renumber":
      await correctBoardNumbers(db(), tournament.id, round.round);
      return redirectWithNotice(request, here, "notice.boardsRenumbered");
    case "importGames": {
      const adopt = formData.get("adoptBoards") === "on";
      const imported = await importRoundGames(db(), tournament.id, round.round, (await uploadedText(formData)).text, adopt);
      if (!imported.ok) return json({ error: undefined, importErrors: imported.errors }, { status: 400 });
      await saveResults(db(), tournament.id, round.round, new Map());
      return redirectWithNotice(request, here, message("notice.gamesImported", { count: imported.count }));
    }
    case "results": {
      const results = new Map<number, GameResult>();
      const winners = new Map<number, "white" | "black" | "">();
      for (const [key, value] of formData) {
        const [field, idText] = key.split("-", 2);
        if (field !== "result" && field !== "winner") continue;
        const id = toId(idText);
        if (id === null) return json({ error: "rounds.badResult" }, { status: 400 });
        if (field === "winner") {
          if (value !== "white" && value !== "black" && value !== "") return json({ error: "rounds.badResult" }, { status: 400 });
          winners.set(id, value);
        } else if (RESULTS.includes(value as GameResult)) results.set(id, value as GameResult);
        else return json({ error: "rounds.badResult" }, { status: 400 });
      }
      await saveResults(db(), tournament.id, round.round, results, winners);
      return redirectWithNotice(request, here, "notice.resultsSaved");
    }
    case "remove": {
      if (formData.get("confirm") !== "on") return json({ error: "rounds.removeNotConfirmed" }, { status: 400 });
      const removed = await removeLastRound(db(), tournament.id, round.round);
      if (!removed.ok) return json({ error: drawErrorMessage(removed.error) }, { status: 409 });
      return redirectWithNotice(request, localizePath(`/webapp/tournament/${event.id}/${tournament.id}`, language), "notice.pairingsRemoved");
    }
    case "draw": {
      const drawn = await drawNextRound(db(), tournament, round.round + 1);
      if (!drawn.ok) {
        return json({ error: drawErrorMessage(drawn.error) }, { status: 409 });
      }
      return redirectWithNotice(request, localizePath(`/webapp/round/${event.id}/${tournament.id}/${round.round + 1}`, language), "notice.pairingsDrawn");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

export default function RoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const data = useLoaderData<typeof loader>();
  useLive(data.live);
  const actionData = useActionData<typeof action>() as { error?: string; importErrors?: string[]; resultErrors?: string[] } | undefined;
  const error = actionData?.error;
  const player = (p: { name: string; snr: number; rating: number | null } | null) => (p ? `${p.name} (${p.snr})` : t("rounds.bye"));
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/tournament/${data.gid}/${data.tid}`)}>{data.name}</Link>
      </p>
      <h1>
        {t("rounds.title", { round: data.round })} <span className="state">{t(`rounds.states.${data.state}`)}</span>
      </h1>
      {error ? <FormError errors={[error]} /> : null}
      <p className="actions">
        <Link className="button" to={to(`/webapp/tournament/rankings/${data.gid}/${data.tid}/${data.round}`)}>
          {t("rankings.title")}
        </Link>{" "}
        <Link className="button" to={to(`/webapp/tournament/pairings/${data.gid}/${data.tid}/${data.round}`)}>
          {t("rounds.printable")}
        </Link>{" "}
        <a className="button" href={to(`/webapp/pgn/${data.gid}/${data.tid}/${data.round}`)} download>
          {t("rounds.exportPgn")}
        </a>{" "}
        {data.swiss ? (
          <Link className="button" to={to(`/webapp/explain/${data.gid}/${data.tid}/${data.round}`)}>
            {t("explain.link")}
          </Link>
        ) : null}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="results" />
        <table className="pairings">
          <thead>
            <tr>
              <th>{t("rounds.board")}</th>
              {data.knockout ? <th>{t("rounds.stage.column")}</th> : null}
              <th>{t("rounds.white")}</th>
              <th>{t("rounds.result")}</th>
              <th>{t("rounds.black")}</th>
              {data.knockout ? <th>{t("rounds.goesThrough")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.games.map((game) => (
              <Fragment key={game.id}>
              <MatchHeading match={data.matches.find((m) => m.boards[0] === game.board)} />
              <tr>
                <td>
                  <Link to={to(`/webapp/game/${data.gid}/${data.tid}/${data.round}/${game.board}`)}>{game.board}</Link>
                </td>
                {game.stage ? <td>{t(`rounds.stage.${game.stage.stage}`, { players: game.stage.players })}</td> : null}
                <td className="name">{player(game.white)}</td>
                <td>
                  {game.bye ? (
                    t("rounds.byeResult")
                  ) : (
                    <select key={`${game.id}-${game.result}`} name={`result-${game.id}`} defaultValue={game.result} aria-label={t("rounds.resultOfBoard", { board: game.board })}>
                      {RESULTS.map((result) => (
                        <option key={result} value={result}>
                          {t(`results.${result}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td className="name">{player(game.black)}</td>
                {data.knockout ? (
                  <td>
                    {game.bye ? null : (
                      <select key={`${game.id}-${game.goesThrough}`} name={`winner-${game.id}`} defaultValue={game.goesThrough} aria-label={t("rounds.goesThroughOf", { board: game.board })}>
                        <option value="">{t("rounds.undecided")}</option>
                        <option value="white">{game.white?.name}</option>
                        <option value="black">{game.black?.name}</option>
                      </select>
                    )}
                  </td>
                ) : null}
              </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
        <button type="submit" className="primary">
          {t("rounds.saveResults")}
        </button>
      </Form>
      <details open={Boolean(actionData?.importErrors)}>
        <summary>{t("rounds.import.title")}</summary>
        <UploadForm intent="importGames" id="games-file" label={t("rounds.import.file")} accept=".pgn,.txt" submit={t("rounds.import.submit")} errors={actionData?.importErrors}>
          <div className="field checkbox">
            <input id="adopt-boards" type="checkbox" name="adoptBoards" />
            <label htmlFor="adopt-boards">{t("rounds.import.adoptBoards")}</label>
          </div>
        </UploadForm>
      </details>
      <details open={Boolean(actionData?.resultErrors)}>
        <summary>{t("rounds.results.title")}</summary>
        <Form method="post" className="form-page">
          <input type="hidden" name="intent" value="importResults" />
          {actionData?.resultErrors ? <FormError errors={actionData.resultErrors} /> : null}
          <div className="field">
            <label htmlFor="results-list">{t("rounds.results.list")}</label>
            <textarea id="results-list" name="results" rows={5} placeholder={"1;1-0\n2;½-½\n3;0-1"} />
          </div>
          <button type="submit">{t("rounds.results.submit")}</button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="renumber" />
        <button type="submit">{t("rounds.renumber")}</button>
      </Form>
      {data.isLast ? (
        <div className="actions">
          {data.hasNext && data.state === "FINISHED" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="draw" />
              <button type="submit" className="primary">
                {t("rounds.draw", { round: data.round + 1 })}
              </button>
            </Form>
          ) : null}
          <Form method="post" className="remove-round">
            <input type="hidden" name="intent" value="remove" />
            <div className="field checkbox">
              <input id="remove-confirm" type="checkbox" name="confirm" required />
              <label htmlFor="remove-confirm">{t("rounds.removeConfirm")}</label>
            </div>
            <button type="submit" className="danger">
              {t("rounds.remove")}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

/** A team match above its boards: the teams and the match score so far. */
function MatchHeading({ match }: { match?: { home: string; away: string; homePoints: number; awayPoints: number } }) {
  const { t, i18n } = useTranslation();
  if (!match) return null;
  const points = (value: number) => formatPoints(value, i18n.language);
  return (
    <tr className="match-row">
      <th colSpan={4} scope="rowgroup">
        {t("rounds.match", { home: match.home, away: match.away, homePoints: points(match.homePoints), awayPoints: points(match.awayPoints) })}
      </th>
    </tr>
  );
}
