import { TextPage } from "~/components/TextPage";

export default function AboutPage() {
  return <TextPage prefix="pages.about" />;
}
