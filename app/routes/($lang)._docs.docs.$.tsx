import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TextPage } from "~/components/TextPage";
import { DOC_PAGES } from "~/lib/docs";

/** /docs/{slug}: the slug may have any depth; known pages: overview, event, tournament, round, app, sheets. */
export function loader({ params }: LoaderFunctionArgs) {
  const slug = (params["*"] ?? "").replace(/\/+$/, "") || "overview";
  if (!DOC_PAGES.includes(slug as (typeof DOC_PAGES)[number])) throw json("error.notFound", { status: 404 });
  return json({ slug });
}

export default function DocumentationPage() {
  const { slug } = useLoaderData<typeof loader>();
  return <TextPage prefix={`docs.pages.${slug}`} />;
}
