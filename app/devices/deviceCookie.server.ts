import { createCookie } from "@remix-run/node";
import { config } from "~/lib/config.server";
import { db } from "~/db/client.server";
import { deviceOfToken } from "./devices.server";

let cookie: ReturnType<typeof createCookie> | undefined;

/** The scanning web app keeps its device token in a signed, HTTP-only cookie of a year (the native app sends it as a bearer token). */
export function deviceCookie() {
  const { sessionSecret, publicUrl } = config();
  cookie ??= createCookie("kiebitz_device", { httpOnly: true, path: "/", sameSite: "lax", secure: publicUrl.startsWith("https://"), secrets: [sessionSecret], maxAge: 60 * 60 * 24 * 365 });
  return cookie;
}

/** The device this browser is (its token from the cookie), or null. */
export async function deviceOfRequest(request: Request) {
  const token: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  if (typeof token !== "string") return null;
  const device = await deviceOfToken(db(), token);
  return device && { device, token };
}
