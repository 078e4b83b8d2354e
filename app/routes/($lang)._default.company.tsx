import { TextPage } from "~/components/TextPage";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("pages.company.title"));

export default function CompanyPage() {
  return <TextPage prefix="pages.company" />;
}
