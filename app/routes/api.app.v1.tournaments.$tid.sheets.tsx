import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { apiError, methodNotAllowed, requireLinked } from "~/devices/api.server";
import { receiveUpload } from "~/sheets/receive.server";

/** GET /api/app/v1/tournaments/{tid}/sheets: every sheet of the tournament with its state (the app shows its uploads' progress). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tournament } = await requireLinked(request, params.tid);
  const sheets = await db().sheetImageEntry.findMany({
    where: { tournamentId: tournament.id },
    orderBy: { id: "desc" },
    take: 500,
    select: { id: true, name: true, state: true, round: true, board: true, error: true, created: true },
  });
  return json({ sheets });
}

/** POST /api/app/v1/tournaments/{tid}/sheets (multipart: photos, consent=on, notation?): upload photographed sheets. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
  const { tournament } = await requireLinked(request, params.tid);
  const answer = await receiveUpload(request, tournament);
  if (answer.error && !answer.report) return apiError(request, answer.status, answer.error);
  return json(answer, { status: answer.status === 200 ? 201 : answer.status });
}
