import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import { formatDate, formatDateTime } from "~/lib/dates";
import { useLanguage } from "~/components/Shell";
import { title } from "~/components/PageTitle";

/** Admin area: all users, labelled by e-mail and their latest event change; choosing one puts ?uid= in the route. */

export const handle = title((t) => t("admin.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const uid = toId(new URL(request.url).searchParams.get("uid"));
  const users = await db().user.findMany({
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      confirmed: true,
      registered: true,
      role: { select: { name: true } },
      events: { select: { id: true, lastUpdated: true }, orderBy: { lastUpdated: "desc" }, take: 1 },
    },
  });
  const selected = uid
    ? await db().event.findMany({ where: { creatorId: uid }, orderBy: { lastUpdated: "desc" }, select: { id: true, name: true, lastUpdated: true } })
    : [];
  return json({ users, uid, selected });
}

export default function AdminPage() {
  const { t } = useTranslation();
  const { users, uid, selected } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const language = useLanguage();
  return (
    <section>
      <h1>{t("admin.title")}</h1>
      <Form method="get" className="inline-form">
        <label htmlFor="uid">{t("admin.user")}</label>
        <select id="uid" name="uid" defaultValue={searchParams.get("uid") ?? ""}>
          <option value="">—</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.email}
              {user.events[0] ? ` (${formatDate(user.events[0].lastUpdated, language)})` : ""}
            </option>
          ))}
        </select>
        <button type="submit">{t("admin.show")}</button>
      </Form>
      <table>
        <thead>
          <tr>
            <th>{t("fields.email")}</th>
            <th>{t("admin.role")}</th>
            <th>{t("admin.confirmed")}</th>
            <th>{t("admin.registered")}</th>
            <th>{t("admin.latestEvent")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} aria-selected={user.id === uid}>
              <td>{user.email}</td>
              <td>{user.role.name}</td>
              <td>{t(user.confirmed ? "admin.yes" : "admin.no")}</td>
              <td>{formatDateTime(user.registered, language)}</td>
              <td>{user.events[0] ? formatDateTime(user.events[0].lastUpdated, language) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {uid ? (
        <>
          <h2>{t("admin.eventsOf")}</h2>
          {selected.length === 0 ? (
            <p className="empty">{t("dashboard.empty")}</p>
          ) : (
            <ul>
              {selected.map((event) => (
                <li key={event.id}>
                  {event.name} — {formatDateTime(event.lastUpdated, language)}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
