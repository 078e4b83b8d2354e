import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { publicPage, publicRound } from "~/organiser/publicAccess.server";
import { exportPgn, pgnDownload } from "~/organiser/pgnExport.server";

/** The PGN of a public tournament's round: only where its games are published and unlocked. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { frame, tournament, gamesAllowed, gamesVisible } = await publicPage(request, params);
  const round = publicRound(params.r, frame.rounds);
  if (!gamesAllowed) throw json("error.tournamentMissing", { status: 404 });
  if (!gamesVisible) throw json("public.locked", { status: 403 });
  const pgn = await exportPgn(db(), tournament.id, round);
  return pgnDownload(pgn, tournament.name, round, { "Cache-Control": "private, no-store" });
}
