import { useTranslation } from "react-i18next";

/** A page of text from the locales: pages.{name}.title and the paragraphs pages.{name}.body. */
export function TextPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const paragraphs = t(`pages.${name}.body`, { returnObjects: true }) as string[];
  return (
    <article className="text-page">
      <h1>{t(`pages.${name}.title`)}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
