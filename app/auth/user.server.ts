import { json, redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { ROLE_ADMIN } from "./accounts.server";
import { SESSION_DAYS, endSession, endSessionsOf, sessionUser, startSession } from "./sessions.server";
import { sessionStorage } from "./session.server";

export type SessionUser = { id: number; email: string; username: string; role: string; locale: string };

async function cookieSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The id of this browser's sign-in session (kept in the signed cookie). */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  const id = (await cookieSession(request)).get("sessionId");
  return typeof id === "string" ? id : undefined;
}

/** The signed-in user, read from the database on every request (revoked sessions and deleted accounts are signed out). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const user = await sessionUser(db(), await currentSessionId(request));
  if (!user) return null;
  return { id: user.id, email: user.email, username: user.username, role: user.role.name, locale: user.locale };
}

/** Guard of every signed-in page: anonymous visitors go to sign-in and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const signIn = localizePath("/signIn", requestLanguage(request));
  throw redirect(`${signIn}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === ROLE_ADMIN;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw json("error.adminOnly", { status: 403 });
  return user;
}

/** Starts a new session for the user (a fresh id: no session fixation) and redirects. */
export async function signInAndRedirect(request: Request, userId: number, to: string): Promise<Response> {
  const current = await cookieSession(request);
  await endSession(db(), current.get("sessionId"));
  current.set("sessionId", await startSession(db(), userId));
  const cookie = await sessionStorage().commitSession(current, { maxAge: SESSION_DAYS * 86_400 });
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

/** Ends this browser's session (its row is deleted, the cookie cleared) and redirects. */
export async function signOutAndRedirect(request: Request, to: string): Promise<Response> {
  const current = await cookieSession(request);
  await endSession(db(), current.get("sessionId"));
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage().destroySession(current) } });
}

/** Ends the user's other sessions (after a password change, or 'sign out everywhere else'). */
export async function endOtherSessions(request: Request, userId: number): Promise<number> {
  return endSessionsOf(db(), userId, await currentSessionId(request));
}
