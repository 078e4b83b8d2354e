import { json, type ActionFunctionArgs } from "@remix-run/node";
import { pgnQrCode } from "~/chess/pgnQr.server";
import { db } from "~/db/client.server";
import { pgnQrSchema } from "~/forms/pgnQr";
import { recordDownload } from "~/lib/consent.server";

/** The QR code of a game as an SVG file (the converter's download button); counted with consent. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = pgnQrSchema.safeParse(Object.fromEntries(await request.formData()));
  const code = parsed.success ? await pgnQrCode(parsed.data.pgn) : null;
  if (!code?.ok) throw json("error.badRequest", { status: 400 });
  await recordDownload(db(), request, "pgnQr");
  return new Response(code.svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Content-Disposition": 'attachment; filename="game-qr.svg"' } });
}
