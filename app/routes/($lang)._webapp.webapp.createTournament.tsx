import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/user.server";
import { FormError } from "~/components/Field";
import { TournamentFields } from "~/components/TournamentFields";
import { useZodForm } from "~/components/useZodForm";
import { db } from "~/db/client.server";
import { tournamentSchema } from "~/forms/organiser";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireEvent } from "~/organiser/access.server";
import { createTournament } from "~/organiser/tournaments.server";
import { bounded } from "~/forms/reply.server";
import { title } from "~/components/PageTitle";

/** Create a tournament in one of the organiser's events (also offered as a dialog on the event page). */

export const handle = title((t) => t("tournaments.create"));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const events = await db().event.findMany({ where: { creatorId: user.id }, orderBy: { lastUpdated: "desc" }, select: { id: true, name: true } });
  return json({ events });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { event } = await requireEvent(request, String(formData.get("gid") ?? ""));
  const submission = parseWithZod(formData, { schema: tournamentSchema });
  if (submission.status !== "success") return json({ result: bounded(submission.reply()) });
  const tournament = await createTournament(db(), event, submission.value, requestLanguage(request));
  return redirectWithNotice(request, localizePath(`/webapp/tournament/${event.id}/${tournament.id}`, requestLanguage(request)), "notice.tournamentCreated");
}

export default function CreateTournament() {
  const { t } = useTranslation();
  const { events } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useZodForm("create-tournament-page", tournamentSchema, useActionData<typeof action>()?.result, { plannedRounds: "5" });
  if (events.length === 0) return <p className="empty">{t("dashboard.empty")}</p>;
  return (
    <section className="form-page">
      <h1>{t("tournaments.create")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} />
        <div className="field">
          <label htmlFor="gid">{t("tournaments.event")}</label>
          <select id="gid" name="gid" defaultValue={searchParams.get("gid") ?? String(events[0].id)}>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </select>
        </div>
        <TournamentFields fields={fields} />
        <button type="submit" className="primary">
          {t("tournaments.create")}
        </button>
      </Form>
    </section>
  );
}
