import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { fixedT, requestLanguage } from "~/i18n.server";
import { requireTournament } from "~/organiser/access.server";
import { playersPdfInThread } from "~/organiser/playerPdf.server";

/** The participants as a PDF download; owner and admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tournament } = await requireTournament(request, params.gid, params.tid);
  const t = await fixedT(requestLanguage(request));
  const players = await db().player.findMany({
    where: { tournamentId: tournament.id },
    orderBy: { snr: "asc" },
    select: { snr: true, name: true, title: true, elo: true, nwz: true, club: true, country: true },
  });
  const headers = {
    snr: t("players.snr"), name: t("players.name"), title: t("players.title"), elo: t("players.elo"),
    nwz: t("players.nwz"), club: t("players.club"), country: t("players.country"),
  };
  const pdf = await playersPdfInThread({ title: `${tournament.name} – ${t("players.heading")}`, headers, players });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(`${tournament.name}-players.pdf`)}`,
    },
  });
}
