import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { methodNotAllowed, requireLinked } from "~/devices/api.server";
import { removeDevice } from "~/devices/devices.server";

/** Any other method, GET included: 405, as the action answers one it does not take. */
export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "DELETE");

/** DELETE /api/app/v1/tournaments/{tid}: the device unlinks itself from a tournament (its token stops working there). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(request, "DELETE");
  const { device, tournament } = await requireLinked(request, params.tid);
  await removeDevice(db(), tournament.id, device.id);
  return json({ unlinked: tournament.id });
}
