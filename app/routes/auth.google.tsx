import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { auth } from "~/auth/authenticator.server";
import { languageCookie } from "~/i18n.server";
import { config } from "~/lib/config.server";
import { isLanguage } from "~/lib/i18n";
import { localizePath } from "~/lib/locale";

/** Starts Google sign-in (only when configured); otherwise back to the sign-in page. */
export async function action({ request }: ActionFunctionArgs) {
  const language = await languageCookie().parse(request.headers.get("Cookie"));
  const signIn = localizePath("/signIn", isLanguage(language) ? language : "en");
  if (!config().google) return redirect(signIn);
  return auth().authenticate("google", request, { failureRedirect: signIn });
}

export function loader() {
  return redirect("/signIn");
}
