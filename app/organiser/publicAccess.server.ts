import { json, redirect } from "@remix-run/node";
import { sessionStorage } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { parseId } from "./access.server";
import { checkGamesPassword, publicEvent, publicSnapshot, publicTournament, unlockStamp, type VisitorAccess } from "./public.server";
import { grantsOf, redeemViewCode } from "./viewCodes.server";
import { roundsPaired } from "./publicViews.server";
import { currentSlugs } from "./slugs.server";

type Params = { eventName?: string; tournamentName?: string };

/**
 * The public pages' access rules, checked on the server for every page and download: only
 * public events and tournaments are found (others are 404, whoever asks), and games only when
 * the tournament publishes them and the visitor's session holds its current games password.
 * An address from before a rename redirects (301) to the current one.
 */
async function visitorAccess(request: Request): Promise<VisitorAccess> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const unlocked: string[] = session.get("unlockedTournaments") ?? [];
  return { unlocked: (id, password) => unlocked.includes(unlockStamp(id, password)), grants: await grantsOf(db(), session.get("viewCodes") ?? []) };
}

async function redirectFormer(request: Request, params: Params): Promise<never> {
  const current = await currentSlugs(db(), params.eventName ?? "", params.tournamentName);
  const url = new URL(request.url);
  const segments = url.pathname.split("/");
  const at = segments.indexOf("event");
  if (current && at >= 0) {
    const moved = [...segments];
    moved[at + 1] = encodeURIComponent(current.event);
    if (current.tournament !== undefined) moved[at + 2] = encodeURIComponent(current.tournament);
    const target = moved.join("/");
    if (target !== url.pathname) throw redirect(target + url.search, 301);
  }
  throw json("error.tournamentMissing", { status: 404 });
}

export async function requirePublicEvent(request: Request, params: Params) {
  const event = await publicEvent(db(), { slug: params.eventName ?? "" });
  return event ?? redirectFormer(request, params);
}

export async function requirePublicTournament(request: Request, params: Params) {
  const found = await publicTournament(db(), params.eventName ?? "", params.tournamentName ?? "", await visitorAccess(request));
  return found ?? redirectFormer(request, params);
}

/**
 * A public tournament page's data: what the visitor may see, the frame (names, rounds paired) and
 * the cached snapshot to compute the page's view from.
 */
export async function publicPage(request: Request, params: Params) {
  const found = await requirePublicTournament(request, params);
  const cached = await publicSnapshot(db(), found.tournament.id);
  const frame = {
    event: { name: found.event.name, slug: found.event.slug },
    tournament: { name: found.tournament.name, slug: found.tournament.slug },
    rounds: cached.view("rounds", roundsPaired),
  };
  return { ...found, frame, cached };
}

/** A round from a public address: 1 to the rounds paired so far, else 404. */
export function publicRound(value: string | undefined, rounds: number): number {
  if (!rounds) throw json("error.tournamentMissing", { status: 404 });
  return parseId(value, rounds);
}

/** The unlock form's action on every page that shows games: back to the page, or the error. */
export async function unlockAction(request: Request, params: Params) {
  const given = String((await request.formData()).get("password") ?? "").slice(0, 200);
  const cookie = await unlockGames(request, params, given);
  if (!cookie) return json({ error: "public.wrongPassword" }, { status: 403 });
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": cookie } });
}

/**
 * Unlocks the games with the tournament's games password, remembered in the visitor's session
 * (the newest 20 unlocks, so the cookie stays small). Returns the cookie, or null when the
 * password is wrong.
 */
export async function unlockGames(request: Request, params: Params, given: string): Promise<string | null> {
  const { tournament } = await requirePublicTournament(request, params);
  const row = await db().tournament.findUniqueOrThrow({ where: { id: tournament.id }, select: { id: true, password: true } });
  if (!checkGamesPassword(row.password, given)) return null;
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  session.set("unlockedTournaments", [...(session.get("unlockedTournaments") ?? []), unlockStamp(row.id, row.password)].slice(-20));
  return sessionStorage().commitSession(session);
}

/** Opens a view code: remembered in the visitor's session (the newest 20), then to the tournament's address. */
export async function openViewCode(request: Request, code: string): Promise<{ cookie: string; path: string } | null> {
  const redeemed = await redeemViewCode(db(), code);
  if (!redeemed) return null;
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const codes: string[] = session.get("viewCodes") ?? [];
  session.set("viewCodes", [...codes.filter((c) => c !== redeemed.code), redeemed.code].slice(-20));
  return { cookie: await sessionStorage().commitSession(session), path: `/event/${encodeURIComponent(redeemed.eventSlug)}/${encodeURIComponent(redeemed.tournamentSlug)}` };
}
