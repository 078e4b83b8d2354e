import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { requireEvent } from "~/organiser/access.server";

/** The older address of an event page (spec §2: /webapp/tournamentGroup/{id}). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.id);
  return redirect(localizePath(`/webapp/event/${event.id}`, requestLanguage(request)));
}
