import { TextPage } from "~/components/TextPage";

export default function PrivacyPage() {
  return <TextPage prefix="pages.privacy" />;
}
