import { TextPage } from "~/components/TextPage";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("pages.eula.title"));

export default function EulaPage() {
  return <TextPage prefix="pages.eula" />;
}
