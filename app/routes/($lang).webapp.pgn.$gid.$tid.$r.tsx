import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { parseRound, requireTournament } from "~/organiser/access.server";
import { exportPgn, pgnDownload } from "~/organiser/pgnExport.server";

/** PGN download of a round (r = 0: the whole tournament); owner and admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tournament } = await requireTournament(request, params.gid, params.tid);
  const round = params.r === "0" ? undefined : parseRound(params.r, tournament);
  const pgn = await exportPgn(db(), tournament.id, round);
  return pgnDownload(pgn, tournament.name, round);
}
