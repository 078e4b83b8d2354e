import { TextPage } from "~/components/TextPage";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("pages.privacy.title"));

export default function PrivacyPage() {
  return <TextPage prefix="pages.privacy" />;
}
