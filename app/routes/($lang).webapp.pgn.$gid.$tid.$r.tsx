import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { parseRound, requireTournament } from "~/organiser/access.server";
import { exportPgn } from "~/organiser/pgnExport.server";

/** PGN download of a round (r = 0: the whole tournament); owner and admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tournament } = await requireTournament(request, params.gid, params.tid);
  const round = params.r === "0" ? undefined : parseRound(params.r, tournament);
  const pgn = await exportPgn(db(), tournament.id, round);
  const name = `${tournament.name.replace(/[^\p{L}\p{N}]+/gu, "-")}${round ? `-round-${round}` : ""}.pgn`;
  return new Response(pgn, {
    headers: {
      "Content-Type": "application/x-chess-pgn; charset=utf-8",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}
