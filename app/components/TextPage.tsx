import { useTranslation } from "react-i18next";

/** A page of text from the locales: {prefix}.title and the paragraphs {prefix}.body. */
export function TextPage({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const paragraphs = t(`${prefix}.body`, { returnObjects: true }) as string[];
  return (
    <article className="text-page">
      <h1>{t(`${prefix}.title`)}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
