import { TextPage } from "~/components/TextPage";

export default function EulaPage() {
  return <TextPage name="eula" />;
}
