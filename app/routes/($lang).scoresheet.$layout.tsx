import type { LoaderFunctionArgs } from "@remix-run/node";
import { fixedT, requestLanguage } from "~/i18n.server";
import { sheetFormPdf } from "~/sheets/pdf.server";
import { SHEET_LAYOUTS, type SheetLayoutId } from "~/sheets/templates";

/** /scoresheet/{layout}: the printable score-sheet form the reader knows, as PDF (public). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const layout = params.layout as SheetLayoutId;
  if (!SHEET_LAYOUTS.includes(layout)) throw new Response("Not Found", { status: 404 });
  const t = await fixedT(requestLanguage(request));
  const pdf = await sheetFormPdf(layout, (key) => t(key));
  return new Response(Buffer.from(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${layout}.pdf"`, "Cache-Control": "public, max-age=3600" },
  });
}
