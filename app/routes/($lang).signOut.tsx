import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "~/auth/user.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";

/** Signing out clears the session and returns home (spec §4). */
export async function action({ request }: ActionFunctionArgs) {
  return signOutAndRedirect(request, localizePath("/", requestLanguage(request)));
}

export function loader({ request }: ActionFunctionArgs) {
  return redirect(localizePath("/", requestLanguage(request)));
}
