import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { automaticTarget } from "~/organiser/navigation.server";

/** /webapp: automatic navigation to where the organiser last worked (spec §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(localizePath(await automaticTarget(db(), user.id), requestLanguage(request)));
}
