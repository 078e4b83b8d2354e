import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EventFields } from "~/components/EventFields";
import { DeleteByName } from "~/components/DeleteByName";
import { Field, FormError } from "~/components/Field";
import { useLocalePath } from "~/components/Shell";
import { TournamentFields } from "~/components/TournamentFields";
import { UploadForm } from "~/components/UploadForm";
import { useZodForm } from "~/components/useZodForm";
import { readFormData, uploadedText } from "~/lib/formData.server";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import { deleteByNameSchema, eventSchema, linkSchema, tournamentSchema } from "~/forms/organiser";
import { bounded, replyWithFailure } from "~/forms/reply.server";
import { requestLanguage } from "~/i18n.server";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { requireEvent } from "~/organiser/access.server";
import { addEventLink, deleteEvent, removeEventLink, updateEvent } from "~/organiser/events.server";
import { dateInput } from "~/organiser/format";
import { importTournament } from "~/organiser/import.server";
import { createTournament } from "~/organiser/tournaments.server";
import { title } from "~/components/PageTitle";
import { sheetService } from "~/sheets/service.server";
import { removeTournamentFiles } from "~/sheets/sheets.server";


export const handle = title((_t, data: { event: { name: string } }) => data.event.name);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.gid);
  const tournaments = await db().tournament.findMany({
    where: { eventId: event.id },
    orderBy: [{ orderValue: "asc" }, { id: "asc" }],
    select: { id: true, name: true, mode: true, form: true, _count: { select: { players: true, teams: true, rounds: true } } },
  });
  const links = await db().eventLink.findMany({ where: { eventId: event.id }, orderBy: { id: "asc" } });
  return json({ event, tournaments, links });
}

const MAX_FILE = 2 * 1024 * 1024;

export async function action({ request, params }: ActionFunctionArgs) {
  const { event } = await requireEvent(request, params.gid);
  const language = requestLanguage(request);
  const here = localizePath(`/webapp/event/${event.id}`, language);
  const formData = await readFormData(request, MAX_FILE);
  if (!formData) return json({ intent: "import", importErrors: ["tournaments.fileTooLarge"] }, { status: 413 });
  switch (formData.get("intent")) {
    case "import": {
      const file = await uploadedText(formData);
      if (!file.text) return json({ intent: "import", importErrors: ["tournaments.importNoFile"] });
      const imported = await importTournament(db(), event, file.name, file.text);
      if (!imported.ok) return json({ intent: "import", importErrors: imported.errors });
      return redirectWithNotice(request, localizePath(`/webapp/tournament/${event.id}/${imported.id}`, language), "notice.tournamentCreated");
    }
    case "rename": {
      const submission = parseWithZod(formData, { schema: eventSchema });
      if (submission.status !== "success") return json({ intent: "rename", result: bounded(submission.reply()) });
      const updated = await updateEvent(db(), event.id, submission.value);
      if (!updated.ok) return json({ intent: "rename", result: replyWithFailure(submission, updated) });
      return redirectWithNotice(request, here, "notice.changesSaved");
    }
    case "delete": {
      const submission = parseWithZod(formData, { schema: deleteByNameSchema });
      if (submission.status !== "success") return json({ intent: "delete", result: bounded(submission.reply()) });
      if (submission.value.confirmName !== event.name) {
        return json({ intent: "delete", result: bounded(submission.reply({ fieldErrors: { confirmName: ["events.confirmNameMismatch"] } })) });
      }
      const tournaments = await db().tournament.findMany({ where: { eventId: event.id }, select: { id: true } });
      await deleteEvent(db(), event.id);
      await removeTournamentFiles(sheetService().storage, tournaments.map((t) => t.id));
      return redirectWithNotice(request, localizePath("/webapp/dashboard", language), "notice.eventDeleted");
    }
    case "addLink": {
      const submission = parseWithZod(formData, { schema: linkSchema });
      if (submission.status !== "success") return json({ intent: "addLink", result: bounded(submission.reply()) });
      await addEventLink(db(), event.id, submission.value.linkUrl, submission.value.linkText);
      return redirectWithNotice(request, here, "notice.changesSaved");
    }
    case "removeLink":
      await removeEventLink(db(), event.id, toId(formData.get("linkId")) ?? 0);
      return redirectWithNotice(request, here, "notice.changesSaved");
    case "createTournament": {
      const submission = parseWithZod(formData, { schema: tournamentSchema });
      if (submission.status !== "success") return json({ intent: "createTournament", result: bounded(submission.reply()) });
      const tournament = await createTournament(db(), event, submission.value, requestLanguage(request));
      return redirectWithNotice(request, localizePath(`/webapp/tournament/${event.id}/${tournament.id}`, language), "notice.tournamentCreated");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

type ActionData = { intent: string; result?: never; importErrors?: string[] };

function useIntent(intent: string) {
  const data = useActionData<typeof action>() as ActionData | undefined;
  return data?.intent === intent ? data : undefined;
}

export default function EventPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { event, tournaments, links } = useLoaderData<typeof loader>();
  const [linkForm, linkFields] = useZodForm("add-link", linkSchema, useIntent("addLink")?.result);
  const [renameForm, renameFields] = useZodForm("rename-event", eventSchema, useIntent("rename")?.result, {
    name: event.name,
    description: event.description ?? "",
    site: event.site ?? "",
    startDate: dateInput(event.startDate) ?? "",
    endDate: dateInput(event.endDate) ?? "",
  });
  const [createForm, createFields] = useZodForm("create-tournament", tournamentSchema, useIntent("createTournament")?.result, {
    plannedRounds: "5",
  });
  const importErrors = useIntent("import")?.importErrors;
  return (
    <section>
      <h1>{event.name}</h1>
      {event.description ? <p>{event.description}</p> : null}
      {links.length ? (
        <ul className="links">
          {links.map((link) => (
            <li key={link.id}>
              <a href={link.link} rel="noopener noreferrer nofollow" target="_blank">
                {link.text}
              </a>{" "}
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="removeLink" />
                <input type="hidden" name="linkId" value={link.id} />
                <button type="submit" className="link-button" aria-label={t("links.remove", { text: link.text })}>
                  ✕
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}

      <h2>{t("tournaments.list")}</h2>
      {tournaments.length === 0 ? (
        <p className="empty">{t("tournaments.empty")}</p>
      ) : (
        <ul className="cards">
          {tournaments.map((tournament) => (
            <li key={tournament.id} className="card">
              <h3>
                <Link to={to(`/webapp/tournament/${event.id}/${tournament.id}`)}>{tournament.name}</Link>
              </h3>
              <p>
                {t(`tournaments.modes.${tournament.mode}`)} · {tournament.form === "TEAM" ? t("tournaments.teamCount", { count: tournament._count.teams }) : t("tournaments.playerCount", { count: tournament._count.players })} ·{" "}
                {t("tournaments.roundCount", { count: tournament._count.rounds })}
              </p>
            </li>
          ))}
        </ul>
      )}

      <details open={Boolean(useIntent("createTournament"))}>
        <summary>{t("tournaments.create")}</summary>
        <Form method="post" {...getFormProps(createForm)} className="form-page">
          <input type="hidden" name="intent" value="createTournament" />
          <FormError errors={createForm.errors} />
          <TournamentFields fields={createFields} />
          <button type="submit" className="primary">
            {t("tournaments.create")}
          </button>
        </Form>
      </details>

      <details open={Boolean(importErrors)}>
        <summary>{t("tournaments.import")}</summary>
        <p className="hint">{t("tournaments.importHint")}</p>
        <UploadForm intent="import" id="tournament-file" label={t("tournaments.file")} accept=".json,.trf,.txt" submit={t("tournaments.importSubmit")} errors={importErrors} />
      </details>

      <details open={Boolean(useIntent("addLink"))}>
        <summary>{t("links.add")}</summary>
        <Form method="post" {...getFormProps(linkForm)} className="form-page">
          <input type="hidden" name="intent" value="addLink" />
          <Field meta={linkFields.linkUrl} label={t("links.url")} />
          <Field meta={linkFields.linkText} label={t("links.text")} />
          <button type="submit">{t("links.add")}</button>
        </Form>
      </details>

      <details open={Boolean(useIntent("rename"))}>
        <summary>{t("events.edit")}</summary>
        <Form method="post" {...getFormProps(renameForm)} className="form-page">
          <input type="hidden" name="intent" value="rename" />
          <FormError errors={renameForm.errors} />
          <EventFields fields={renameFields} />
          <button type="submit">{t("events.save")}</button>
        </Form>
      </details>

      <details open={Boolean(useIntent("delete"))}>
        <summary>{t("events.delete")}</summary>
        <DeleteByName id="delete-event" warning={t("events.deleteWarning", { name: event.name })} submit={t("events.delete")} lastResult={useIntent("delete")?.result} />
      </details>
    </section>
  );
}
