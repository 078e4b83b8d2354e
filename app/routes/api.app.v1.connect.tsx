import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { apiError, methodNotAllowed } from "~/devices/api.server";
import { redeemCode } from "~/devices/devices.server";
import { connectSchema } from "~/forms/sheets";

const STATUS: Record<string, number> = { "devices.codeInvalid": 404, "devices.codeExpired": 410, "devices.codeUsed": 409, "devices.alreadyConnected": 409, "devices.tooManyDevices": 409 };

/** Any other method, GET included: 405, as the action answers one it does not take. */
export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

/**
 * POST /api/app/v1/connect {code, deviceName, deviceType}: a device exchanges a connection code for
 * its identity and bearer token (201). A device that is already linked elsewhere sends its token
 * (Authorization: Bearer) to be linked to one more tournament under the same identity.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  const body = await request.json().catch(() => null);
  const parsed = connectSchema.safeParse(body);
  if (!parsed.success) return apiError(request, 400, parsed.error.issues[0]?.message ?? "error.badRequest");
  const token = /^Bearer (\S{1,200})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const redeemed = await redeemCode(db(), parsed.data.code, { name: parsed.data.deviceName, type: parsed.data.deviceType }, token);
  if (!redeemed.ok) return apiError(request, STATUS[redeemed.error] ?? 400, redeemed.error);
  const tournament = await db().tournament.findUniqueOrThrow({ where: { id: redeemed.value.tournamentId }, select: { id: true, name: true } });
  return json({ deviceId: redeemed.value.deviceId, token: redeemed.value.token, tournament }, { status: 201 });
}
