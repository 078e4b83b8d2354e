import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/Field";
import { ConnectForm } from "~/components/ConnectForm";
import { IntentButton } from "~/components/IntentButton";
import { useLocalePath } from "~/components/Shell";
import { title } from "~/components/PageTitle";
import { SheetUpload, useReadingProgress } from "~/components/SheetUpload";
import { db } from "~/db/client.server";
import { deviceCookie, deviceOfRequest } from "~/devices/deviceCookie.server";
import { redeemCode, removeDevice } from "~/devices/devices.server";
import { requestLanguage } from "~/i18n.server";
import { toId } from "~/lib/limits";
import { localizePath } from "~/lib/locale";
import { redirectWithNotice } from "~/lib/notice.server";
import { receiveUpload, type UploadAnswer } from "~/sheets/receive.server";

export const handle = title((t) => t("scan.title"));
export const links: LinksFunction = () => [{ rel: "manifest", href: "/manifest.webmanifest" }];

/**
 * The scanning web app (/scan, installable from the browser on Android and iOS alike): a phone linked
 * with a connection code photographs score sheets at the boards and uploads them to its tournament,
 * then sees them read. The device's token is kept in an HTTP-only cookie; everything works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = await deviceOfRequest(request);
  const links = await db().connectedDevice.findMany({ where: { deviceId: found?.device.id ?? 0 }, include: { tournament: { select: { id: true, name: true, defaultNotationLanguage: true } } }, orderBy: { created: "asc" } });
  const wanted = toId(new URL(request.url).searchParams.get("t"));
  const chosen = links.find((link) => link.tournamentId === wanted)?.tournament ?? links[0]?.tournament ?? null;
  const rounds = chosen ? (await db().round.findMany({ where: { tournamentId: chosen.id }, orderBy: { round: "asc" }, select: { round: true } })).map((r) => r.round) : [];
  const sheets = chosen
    ? await db().sheetImageEntry.findMany({ where: { tournamentId: chosen.id }, orderBy: { id: "desc" }, take: 30, select: { id: true, name: true, state: true, round: true, board: true, error: true } })
    : [];
  return json({ device: found && { name: found.device.deviceName }, tournaments: links.map((link) => link.tournament), chosen, rounds, sheets });
}

export async function action({ request }: ActionFunctionArgs) {
  const language = requestLanguage(request);
  const here = localizePath("/scan", language);
  const found = await deviceOfRequest(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const tournamentId = toId(new URL(request.url).searchParams.get("t")) ?? 0;
    const link = found && (await db().connectedDevice.findUnique({ where: { deviceId_tournamentId: { deviceId: found.device.id, tournamentId } }, include: { tournament: true } }));
    if (!link) return json({ error: "devices.notConnected" }, { status: 403 });
    const answer = await receiveUpload(request, link.tournament);
    return json({ upload: answer }, { status: answer.status });
  }
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "connect": {
      const name = String(formData.get("name") ?? "").trim().slice(0, 50) || "Phone";
      const redeemed = await redeemCode(db(), String(formData.get("code") ?? ""), { name, type: "web" }, found?.token);
      if (!redeemed.ok) return json({ error: redeemed.error }, { status: 409 });
      return redirect(`${here}?t=${redeemed.value.tournamentId}`, { headers: { "Set-Cookie": await deviceCookie().serialize(redeemed.value.token) } });
    }
    case "unlink": {
      if (found) await removeDevice(db(), toId(formData.get("tournament")) ?? 0, found.device.id);
      return redirectWithNotice(request, here, "notice.deviceRemoved");
    }
    default:
      throw json("error.badRequest", { status: 400 });
  }
}

export default function ScanPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { device, tournaments, chosen, rounds, sheets } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as { error?: string; upload?: UploadAnswer } | undefined;
  useReadingProgress(sheets.some((sheet) => ["UPLOADING", "UPLOADED", "QUEUED", "SCANNING", "PROCESSED"].includes(sheet.state)));
  // the page opens without a connection too (public/sw.js)
  useEffect(() => {
    void navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  }, []);
  return (
    <section className="scan">
      <h1>{t("scan.title")}</h1>
      {data?.error ? <FormError errors={[data.error]} /> : null}
      {!device || tournaments.length === 0 ? (
        <>
          <p>{t("scan.notLinked")}</p>
          <ConnectForm />
        </>
      ) : (
        <>
          <p className="hint">{t("scan.device", { name: device.name })}</p>
          {tournaments.length > 1 ? (
            <nav className="tabs" aria-label={t("scan.tournaments")}>
              {tournaments.map((tournament) => (
                <Link key={tournament.id} to={to(`/scan?t=${tournament.id}`)} aria-current={tournament.id === chosen?.id ? "page" : undefined}>
                  {tournament.name}
                </Link>
              ))}
            </nav>
          ) : null}
          {chosen ? (
            <>
              <h2>{chosen.name}</h2>
              <SheetUpload action={to(`/scan?t=${chosen.id}`)} uploadUrl={`/api/app/v1/tournaments/${chosen.id}/sheets`} notation={chosen.defaultNotationLanguage} answer={data?.upload} camera rounds={rounds} />
              <h3>{t("scan.uploads")}</h3>
              {sheets.length === 0 ? <p className="empty">{t("sheets.empty")}</p> : null}
              <ul className="scan-sheets">
                {sheets.map((sheet) => (
                  <li key={sheet.id} data-state={sheet.state}>
                    {sheet.name} · {t(`sheets.states.${sheet.state}`)}
                    {sheet.round && sheet.board ? ` · ${t("sheets.gameAt", { round: sheet.round, board: sheet.board })}` : ""}
                    {sheet.error ? <span className="error-text"> · {t(sheet.error)}</span> : null}
                  </li>
                ))}
              </ul>
              <IntentButton intent="unlink" values={{ tournament: chosen.id }}>
                {t("scan.unlink")}
              </IntentButton>
            </>
          ) : null}
          <details>
            <summary>{t("scan.another")}</summary>
            <ConnectForm />
          </details>
        </>
      )}
    </section>
  );
}
