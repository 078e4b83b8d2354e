import { json } from "@remix-run/node";
import { db } from "~/db/client.server";
import { fixedT } from "~/i18n.server";
import { toId } from "~/lib/limits";
import { deviceOfRequest } from "./deviceCookie.server";
import { deviceOfToken } from "./devices.server";

/**
 * The scanning app's API (/api/app/v1/…, README "The app's API"): JSON answers, errors as
 * `{ error: key, message }` in the language the request asks for (Accept-Language: de, else English).
 */
export async function apiError(request: Request, status: number, error: string, headers?: HeadersInit): Promise<Response> {
  const t = await fixedT(/^de\b/i.test(request.headers.get("Accept-Language") ?? "") ? "de" : "en");
  return json({ error, message: t(error) }, { status, headers });
}

/** 405 for a method an address does not take, naming in `Allow` the one it does (RFC 9110, 15.5.6). */
export const methodNotAllowed = (request: Request, allow: string) => apiError(request, 405, "error.badRequest", { Allow: allow });

/** The device a request's bearer token names (or, for the scanning web app, its device cookie); 401 without a valid one. */
export async function requireDevice(request: Request) {
  const token = /^Bearer (\S{1,200})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const found = token ? await deviceOfToken(db(), token).then((device) => device && { device, token }) : await deviceOfRequest(request);
  if (!found) throw await apiError(request, 401, "devices.notConnected");
  return found;
}

/** A tournament the device is linked to; 403 'device not connected' for any other. */
export async function requireLinked(request: Request, tid: string | undefined) {
  const { device } = await requireDevice(request);
  const tournamentId = toId(tid) ?? 0;
  const link = await db().connectedDevice.findUnique({ where: { deviceId_tournamentId: { deviceId: device.id, tournamentId } }, include: { tournament: true } });
  if (!link) throw await apiError(request, 403, "devices.notConnected");
  return { device, tournament: link.tournament };
}
