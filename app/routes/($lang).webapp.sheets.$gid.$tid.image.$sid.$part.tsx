import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { parseId, requireTournament } from "~/organiser/access.server";
import { pageSummary } from "~/sheets/games.server";
import { cachedPage, cropRegion } from "~/sheets/photos.server";
import { sheetService } from "~/sheets/service.server";
import { thumbnailKey } from "~/sheets/sheets.server";

const image = (bytes: Buffer, type: string) =>
  new Response(new Uint8Array(bytes), { headers: { "Content-Type": type, "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff" } });

/**
 * A sheet's pictures (owner and admins only): `thumb`, the `photo`, and crops of its straightened
 * page: the header boxes `round`, `board`, `result`, and `m{ply}` for a move box.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tournament } = await requireTournament(request, params.gid, params.tid);
  const sheet = await db().sheetImageEntry.findFirst({ where: { id: parseId(params.sid), tournamentId: tournament.id } });
  if (!sheet) throw json("sheets.notFound", { status: 404 });
  const { storage } = sheetService();
  const part = params.part ?? "";
  try {
    if (part === "thumb") return image(await storage.get(thumbnailKey(sheet.handle)), "image/webp");
    if (part === "photo") return image(await storage.get(sheet.handle), "image/jpeg");
    const summary = pageSummary(sheet);
    const move = /^m(\d{1,3})$/.exec(part);
    const region =
      part === "round" || part === "board" || part === "result" ? summary?.regions[part] : move ? summary?.regions.moves.find((m) => m.ply === Number(move[1]))?.region : undefined;
    if (!summary?.pageKey || !region) throw json("sheets.notFound", { status: 404 });
    return image(await cropRegion(await cachedPage(storage, summary.pageKey), region), "image/webp");
  } catch (error) {
    if (error instanceof Response) throw error;
    throw json("sheets.notFound", { status: 404 });
  }
}
