import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireTournament } from "~/organiser/access.server";
import { receiveUpload } from "~/sheets/receive.server";

/** Upload of score-sheet photos for scripts and the enhanced upload form: answers JSON (owner and admins only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { tournament } = await requireTournament(request, params.gid, params.tid);
  const answer = await receiveUpload(request, tournament);
  return json(answer, { status: answer.status });
}
