import { TextPage } from "~/components/TextPage";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("pages.about.title"));

export default function AboutPage() {
  return <TextPage prefix="pages.about" />;
}
