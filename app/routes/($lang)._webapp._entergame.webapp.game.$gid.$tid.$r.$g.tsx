import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { printMove } from "~/chess/print";
import { Board } from "~/components/Board";
import { FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import type { GameResult } from "~/generated/prisma/client";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { parseId, parseRound, requireTournament } from "~/organiser/access.server";
import { addMove, positionOf, undoMove } from "~/organiser/games.server";
import { saveResults } from "~/organiser/rounds.server";
import { title } from "~/components/PageTitle";
import { SheetReview } from "~/components/SheetReview";
import { correctionSchema } from "~/forms/sheets";
import { parseWithZod } from "@conform-to/zod/v4";
import { gamePly, sheetSlips } from "~/sheets/boxPlies";
import { completeGame, correctMove, gameReading, pageSummary } from "~/sheets/games.server";
import { sheetService } from "~/sheets/service.server";

const RESULTS: GameResult[] = ["UNSET", "WHITE_WINS", "DRAW", "BLACK_WINS", "PLUS", "MINUS", "ZEROED"];

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const { event, tournament } = await requireTournament(request, params.gid, params.tid);
  const game = await db().game.findFirst({
    where: { tournamentId: tournament.id, round: parseRound(params.r, tournament), board: parseId(params.g) },
    include: { white: true, black: true, sheets: { orderBy: [{ page: "asc" }, { id: "asc" }] } },
  });
  if (!game) throw json("error.tournamentMissing", { status: 404 });
  return { event, tournament, game };
}


export const handle = title((t, data: { round: number; board: number; white: string; black: string }) => `${data.white} – ${data.black}, ${t("rounds.title", { round: data.round })}`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event, tournament, game } = await load(request, params);
  const language = tournament.defaultNotationLanguage;
  const chess = positionOf(game.moves, game.fen);
  return json({
    gid: event.id,
    tid: tournament.id,
    round: game.round,
    board: game.board,
    white: game.white?.name ?? "",
    black: game.black?.name ?? "",
    result: game.gameResult,
    description: game.description ?? "",
    fen: chess.fen(),
    language,
    moves: chess.history().map((san) => printMove(san, language)),
    review: sheetReview(game, language),
  });
}

/** What the game's sheets gave: the decoded moves (printed in the notation), which sheets show each ply, and the written result. */
function sheetReview(game: Awaited<ReturnType<typeof load>>["game"], language: Awaited<ReturnType<typeof load>>["tournament"]["defaultNotationLanguage"]) {
  if (game.sheets.length === 0) return null;
  const reading = gameReading(game);
  const notation = reading?.language ?? game.sheets[0].notation ?? language;
  // each ply's boxes: the sheet and the box's own ply there (a player who left a move out wrote the later ones a row early)
  const crops: Record<number, { sheet: number; box: number }[]> = {};
  for (const sheet of game.sheets) {
    for (const { ply } of pageSummary(sheet)?.regions.moves ?? []) (crops[gamePly(reading?.boxPlies, sheet.id, ply)] ??= []).push({ sheet: sheet.id, box: ply });
  }
  return {
    sheets: game.sheets.map((sheet) => ({ id: sheet.id, name: sheet.name, state: sheet.state, colour: sheet.player, page: sheet.page, notation: sheet.notation, notationFound: sheet.notationSource === "FOUND" })),
    decoding: game.decodeRequested !== null || game.sheets.some((sheet) => ["QUEUED", "SCANNING", "UPLOADED", "PROCESSED"].includes(sheet.state)),
    completed: game.sheets.every((sheet) => sheet.state === "DONE"),
    notation,
    result: reading?.result ?? null,
    unfamiliarHand: reading?.unfamiliarHand ?? false,
    slips: sheetSlips(reading?.boxPlies),
    moves: (reading?.moves ?? []).map((move, ply) => ({ ply, text: printMove(move.san, notation), confidence: move.confidence, flagged: move.flagged, crops: crops[ply] ?? [] })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event, tournament, game } = await load(request, params);
  const here = localizePath(`/webapp/game/${event.id}/${tournament.id}/${game.round}/${game.board}`, requestLanguage(request));
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "move": {
      const added = await addMove(db(), game, String(formData.get("move") ?? ""), tournament.defaultNotationLanguage);
      if (!added.ok) return json({ error: added.error, move: String(formData.get("move") ?? "").slice(0, 40), ply: -1 }, { status: 400 });
      return redirectWithNotice(request, here, "notice.moveAdded");
    }
    case "correct": {
      const submission = parseWithZod(formData, { schema: correctionSchema });
      if (submission.status !== "success") return json({ error: "validation.required", move: "", ply: -1 }, { status: 400 });
      const corrected = await correctMove(db(), { reader: sheetService().queue.reader, storage: sheetService().storage }, game, submission.value.ply, submission.value.move);
      if (!corrected.ok) return json({ error: corrected.error, move: submission.value.move.slice(0, 40), ply: submission.value.ply }, { status: 400 });
      return redirectWithNotice(request, `${here}#ply-${submission.value.ply}`, "notice.moveCorrected");
    }
    case "complete": {
      const completed = await completeGame(db(), sheetService().storage, game);
      if (!completed.ok) return json({ error: completed.error, move: "", ply: -1 }, { status: 409 });
      return redirectWithNotice(request, here, "notice.gameCompleted");
    }
    case "undo":
      await undoMove(db(), game);
      return redirectWithNotice(request, here, "notice.changesSaved");
    case "details": {
      const result = String(formData.get("result"));
      if (!RESULTS.includes(result as GameResult)) return json({ error: "rounds.badResult", move: "", ply: -1 }, { status: 400 });
      await db().game.update({ where: { id: game.id }, data: { description: String(formData.get("description") ?? "").slice(0, 2000) || null } });
      await saveResults(db(), tournament.id, game.round, new Map([[game.id, result as GameResult]]));
      return redirectWithNotice(request, here, "notice.changesSaved");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

export default function GamePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const game = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <section>
      <p className="breadcrumbs">
        <Link to={to(`/webapp/round/${game.gid}/${game.tid}/${game.round}`)}>{t("rounds.title", { round: game.round })}</Link>
      </p>
      <h1>
        {game.white} – {game.black}
      </h1>
      {game.review ? (
        <SheetReview review={game.review} result={game.result} base={{ gid: game.gid, tid: game.tid }} error={data && data.ply >= 0 ? { ply: data.ply, error: data.error, move: data.move } : undefined} />
      ) : null}
      <div className="game">
        <Board fen={game.fen} />
        <div>
          <h2>{t("games.moves")}</h2>
          {game.moves.length === 0 ? (
            <p className="empty">{t("games.noMoves")}</p>
          ) : (
            <ol className="moves">
              {Array.from({ length: Math.ceil(game.moves.length / 2) }, (_, i) => (
                <li key={i}>
                  {game.moves[2 * i]} {game.moves[2 * i + 1] ?? ""}
                </li>
              ))}
            </ol>
          )}
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="move" />
            <label htmlFor="move">{t("games.nextMove", { language: t(`notations.${game.language}`) })}</label>
            <input id="move" name="move" defaultValue={data && data.ply < 0 ? data.move : ""} key={game.moves.length} autoComplete="off" autoFocus />
            <button type="submit" className="primary">
              {t("games.addMove")}
            </button>
          </Form>
          {data?.error && data.ply < 0 ? <FormError errors={[data.error]} /> : null}
          {game.moves.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="undo" />
              <button type="submit">{t("games.undo")}</button>
            </Form>
          ) : null}
          <Form method="post" className="form-page">
            <input type="hidden" name="intent" value="details" />
            <div className="field">
              <label htmlFor="result">{t("rounds.result")}</label>
              <select id="result" name="result" defaultValue={game.result} key={game.result}>
                {RESULTS.map((result) => (
                  <option key={result} value={result}>
                    {t(`results.${result}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="description">{t("games.comment")}</label>
              <textarea id="description" name="description" rows={3} defaultValue={game.description} key={game.description} />
            </div>
            <button type="submit">{t("events.save")}</button>
          </Form>
        </div>
      </div>
    </section>
  );
}
