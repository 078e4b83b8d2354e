import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createRegistrationCode, listUsers, MAX_SEARCH, recentAdminActions, registrationCodes } from "~/admin/admin.server";
import { requireAdmin } from "~/auth/user.server";
import { db } from "~/db/client.server";
import { toId } from "~/lib/limits";
import { formatDate, formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/log.server";
import { useLanguage, useLocalePath } from "~/components/Shell";
import { title } from "~/components/PageTitle";

/**
 * Admin area (role Admin only, checked on the server): users with e-mail, registration date,
 * confirmation, latest event change and counts, searched and paged; the user switcher (choosing a
 * user puts ?uid= in the route and shows their events, their dashboard read-only); the log of what
 * admins changed in other users' events; registration codes.
 */
export const handle = title((t) => t("admin.title"));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const page = toId(params.get("page"), 100_000) ?? 1;
  const uid = toId(params.get("uid"));
  const [list, selected, actions, codes] = await Promise.all([
    listUsers(db(), search, page),
    uid
      ? db().user.findUnique({
          where: { id: uid },
          select: { id: true, email: true, events: { orderBy: { lastUpdated: "desc" }, select: { id: true, name: true, lastUpdated: true } } },
        })
      : null,
    recentAdminActions(db()),
    registrationCodes(db()),
  ]);
  return json({ ...list, page, search, uid, selected, actions, codes });
}

/** Creates a registration code (logged). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const code = await createRegistrationCode(db());
  logger.info({ adminId: admin.id }, "registration code created");
  return json({ code });
}

export default function AdminPage() {
  const { t } = useTranslation();
  const { users, total, pages, page, search, uid, selected, actions, codes } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const language = useLanguage();
  const to = useLocalePath();
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(n) })}`;
  return (
    <section>
      <h1>{t("admin.title")}</h1>
      <Form method="get" className="inline-form admin-search">
        <label htmlFor="q">{t("admin.search")}</label>
        <input id="q" name="q" type="search" defaultValue={search} maxLength={MAX_SEARCH} />
        <button type="submit">{t("admin.searchButton")}</button>
      </Form>
      <Form method="get" className="inline-form">
        {search ? <input type="hidden" name="q" value={search} /> : null}
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
      {selected ? (
        <section className="card">
          <h2>{t("admin.eventsOf")}</h2>
          <p>
            {selected.email} · <Link to={to(`/webapp/dashboard?uid=${selected.id}`)}>{t("admin.openDashboard")}</Link>
          </p>
          {selected.events.length === 0 ? (
            <p className="empty">{t("dashboard.empty")}</p>
          ) : (
            <ul>
              {selected.events.map((event) => (
                <li key={event.id}>
                  <Link to={to(`/webapp/event/${event.id}`)}>{event.name}</Link> — {formatDateTime(event.lastUpdated, language)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <p className="hint">{t("admin.userCount", { count: total })}</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t("fields.email")}</th>
              <th>{t("admin.role")}</th>
              <th>{t("admin.confirmed")}</th>
              <th>{t("admin.registered")}</th>
              <th>{t("admin.latestEvent")}</th>
              <th>{t("admin.events")}</th>
              <th>{t("admin.tournaments")}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} aria-selected={user.id === uid}>
                <td>
                  <Link to={`?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(page), uid: String(user.id) })}`}>{user.email}</Link>
                </td>
                <td>{user.role.name}</td>
                <td>{t(user.confirmed ? "admin.yes" : "admin.no")}</td>
                <td>{formatDateTime(user.registered, language)}</td>
                <td>{user.events[0] ? formatDateTime(user.events[0].lastUpdated, language) : "—"}</td>
                <td>{user._count.events}</td>
                <td>{user._count.tournaments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="actions" aria-label={t("admin.pages")}>
          {page > 1 ? <Link to={pageLink(page - 1)}>{t("admin.previous")}</Link> : null}
          <span>{t("admin.pageOf", { page, pages })}</span>
          {page < pages ? <Link to={pageLink(page + 1)}>{t("admin.next")}</Link> : null}
        </nav>
      ) : null}
      <h2>{t("admin.codes")}</h2>
      <Form method="post">
        <button type="submit">{t("admin.createCode")}</button>
      </Form>
      <ul className="rule-list">
        {codes.map((code) => (
          <li key={code.code}>
            <code>{code.code}</code>
            <span>
              {formatDateTime(code.created, language)} · {t(code.used ? "admin.codeUsed" : "admin.codeFree")}
            </span>
          </li>
        ))}
      </ul>
      <h2>{t("admin.actions")}</h2>
      {actions.length ? (
        <ul className="rule-list">
          {actions.map((a) => (
            <li key={a.id}>
              <span>
                {a.admin.email}: {a.method} {a.path}
              </span>
              <span>{formatDateTime(a.created, language)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t("admin.noActions")}</p>
      )}
    </section>
  );
}
