import { json, redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { ROLE_ADMIN } from "./accounts.server";
import { sessionStorage } from "./session.server";

export type SessionUser = { id: number; email: string; username: string; role: string; locale: string };

async function session(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The signed-in user, read from the database on every request (so deleted accounts are signed out). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const userId = (await session(request)).get("userId");
  if (typeof userId !== "number") return null;
  const user = await db().user.findUnique({ where: { id: userId }, include: { role: true } });
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

/** Starts a session for the user and redirects. */
export async function signInAndRedirect(request: Request, userId: number, to: string): Promise<Response> {
  const current = await session(request);
  current.set("userId", userId);
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage().commitSession(current) } });
}

/** Ends the session (the cookie is cleared) and redirects. */
export async function signOutAndRedirect(request: Request, to: string): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage().destroySession(await session(request)) } });
}
