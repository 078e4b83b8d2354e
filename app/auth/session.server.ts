import { createCookieSessionStorage } from "@remix-run/node";
import { config } from "~/lib/config.server";

let storage: ReturnType<typeof create> | undefined;

function create() {
  const { sessionSecret, publicUrl } = config();
  return createCookieSessionStorage({
    cookie: {
      name: "__session",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secure: publicUrl.startsWith("https://"),
      secrets: [sessionSecret],
      maxAge: 60 * 60 * 24 * 30,
    },
  });
}

/** Signed session cookie holding the signed-in user's id. */
export function sessionStorage() {
  storage ??= create();
  return storage;
}
