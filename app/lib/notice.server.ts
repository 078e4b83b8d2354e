import { redirect } from "@remix-run/node";
import { sessionStorage } from "~/auth/session.server";

/**
 * One-time notices ("Your e-mail address is confirmed.") carried across a redirect in the
 * session cookie and shown once by the root layout.
 */
export async function redirectWithNotice(request: Request, to: string, notice: string) {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  session.flash("notice", notice);
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage().commitSession(session) } });
}

/** Reads (and so removes) the pending notice; returns the cookie to send back when there was one. */
export async function takeNotice(request: Request): Promise<{ notice: string | null; setCookie?: string }> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const notice = session.get("notice");
  if (typeof notice !== "string") return { notice: null };
  return { notice, setCookie: await sessionStorage().commitSession(session) };
}
