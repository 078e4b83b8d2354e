import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/components/Shell";
import { TextPage } from "~/components/TextPage";
import { DOC_PAGES } from "~/lib/docs";
import { SHEET_LAYOUTS } from "~/sheets/templates";
import { title } from "~/components/PageTitle";

/** /docs/{slug}: the slug may have any depth; known pages: overview, event, tournament, round, app, sheets. */

export const handle = title((t, data: { slug: string }) => t(`docs.pages.${data.slug}.title`));

export function loader({ params }: LoaderFunctionArgs) {
  const slug = (params["*"] ?? "").replace(/\/+$/, "") || "overview";
  if (!DOC_PAGES.includes(slug as (typeof DOC_PAGES)[number])) throw json("error.notFound", { status: 404 });
  return json({ slug });
}

/** The printable forms the sheet reader knows. */
function SheetForms() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <section className="text-page">
      <h2>{t("sheet.forms.heading")}</h2>
      <ul>
        {SHEET_LAYOUTS.map((layout) => (
          <li key={layout}>
            <a href={to(`/scoresheet/${layout}`)}>
              {t(`sheet.forms.${layout}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DocumentationPage() {
  const { slug } = useLoaderData<typeof loader>();
  return (
    <>
      <TextPage prefix={`docs.pages.${slug}`} />
      {slug === "sheets" && <SheetForms />}
    </>
  );
}
