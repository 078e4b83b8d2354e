import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Board } from "~/components/Board";
import { GamesAccess, PlayerLink, PublicTournamentFrame, tournamentDescription, type PublicFrame } from "~/components/PublicTournament";
import { title } from "~/components/PageTitle";
import { MAX_PLAYERS } from "~/lib/limits";
import { parseId } from "~/organiser/access.server";
import { positionOf } from "~/organiser/games.server";
import { publicPage, publicRound, unlockAction } from "~/organiser/publicAccess.server";

/**
 * A game of a public tournament: the players, the result, the final position and the moves, only
 * when the tournament publishes its games and the visitor has its games password (else the form).
 */
export const handle = title((t, data: { frame: PublicFrame; round: number; board: number }) => `${t("rounds.title", { round: data.round })}, ${t("rounds.board")} ${data.board} – ${data.frame.tournament.name}`, tournamentDescription);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, cached, gamesAllowed, needsPassword, gamesVisible } = await publicPage(request, params);
  const round = publicRound(params.r, frame.rounds);
  const board = parseId(params.board, MAX_PLAYERS);
  const game = cached.snapshot.games.find((g) => g.round === round && g.board === board);
  if (!game || !gamesAllowed) throw json("error.tournamentMissing", { status: 404 });
  const byId = new Map(cached.snapshot.players.map((p) => [p.id, p]));
  const side = (id: number | null) => {
    const p = id ? byId.get(id) : undefined;
    return p ? { snr: p.snr, name: p.name, title: p.title } : null;
  };
  const shown = gamesVisible ? { moves: (game.moves ?? "").split(/\s+/).filter(Boolean), fen: positionOf(game.moves, game.fen).fen() } : null;
  return json({ frame, round, board, white: side(game.whiteId), black: side(game.blackId), result: game.gameResult, shown, gamesAllowed, needsPassword });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return unlockAction(request, params);
}

export default function PublicGame() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const { frame, shown } = data;
  return (
    <PublicTournamentFrame frame={frame} view="game" heading={`${t("rounds.title", { round: data.round })}, ${t("rounds.board")} ${data.board}`}>
      <p className="game-players">
        {data.white ? <PlayerLink frame={frame} player={data.white} /> : "?"} – {data.black ? <PlayerLink frame={frame} player={data.black} /> : t("rounds.bye")}{" "}
        <strong>{t(`results.${data.result}`)}</strong>
      </p>
      <GamesAccess gamesAllowed={data.gamesAllowed} needsPassword={data.needsPassword} error={error} />
      {shown ? (
        <div className="game">
          <Board fen={shown.fen} />
          {shown.moves.length ? (
            <ol className="moves">
              {Array.from({ length: Math.ceil(shown.moves.length / 2) }, (_, i) => (
                <li key={i}>
                  {shown.moves[2 * i]} {shown.moves[2 * i + 1] ?? ""}
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty">{t("games.noMoves")}</p>
          )}
        </div>
      ) : null}
    </PublicTournamentFrame>
  );
}
