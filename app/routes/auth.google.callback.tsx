import { type LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { auth } from "~/auth/authenticator.server";
import { signInAndRedirect } from "~/auth/user.server";
import { languageCookie } from "~/i18n.server";
import { isLanguage } from "~/lib/i18n";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";

/** Google redirects here; an unknown e-mail is refused with 'auth.noAccount' (sign-up needs a code). */
export async function loader({ request }: LoaderFunctionArgs) {
  const cookie = await languageCookie().parse(request.headers.get("Cookie"));
  const language = isLanguage(cookie) ? cookie : "en";
  try {
    const userId = await auth().authenticate("google", request, { throwOnError: true });
    return signInAndRedirect(request, userId, localizePath("/webapp/dashboard", language));
  } catch (error) {
    if (error instanceof Response) throw error;
    const key = error instanceof AuthorizationError ? error.message : "error.unexpected";
    return redirectWithNotice(request, localizePath("/signIn", language), key);
  }
}
