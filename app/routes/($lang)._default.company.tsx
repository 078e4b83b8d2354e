import { TextPage } from "~/components/TextPage";

export default function CompanyPage() {
  return <TextPage prefix="pages.company" />;
}
