import { TextPage } from "~/components/TextPage";
import { title } from "~/components/PageTitle";

/** /roadmap: what Kiebitz does now, and what comes next (spec §1). */
export const handle = title((t) => t("pages.roadmap.title"));

export default function RoadmapPage() {
  return <TextPage prefix="pages.roadmap" />;
}
