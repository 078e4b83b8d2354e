import { TextPage } from "~/components/TextPage";

export default function EulaPage() {
  return <TextPage prefix="pages.eula" />;
}
