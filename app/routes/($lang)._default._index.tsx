import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/components/Shell";
import { db } from "~/db/client.server";
import { title } from "~/components/PageTitle";


export const handle = title((t) => t("home.title"));

export async function loader() {
  const generatedGames = await db().game.count({ where: { moves: { not: null } } });
  return json({ generatedGames });
}

const FEATURES = ["events", "pairings", "sheets", "pgn", "public", "languages"] as const;
const MORE = [
  ["/pgnQr", "pgnQr.title"],
  ["/newsletter", "newsletter.title"],
  ["/roadmap", "pages.roadmap.title"],
  ["/company", "pages.company.title"],
] as const;

export default function Home() {
  const { t } = useTranslation();
  const { generatedGames } = useLoaderData<typeof loader>();
  const to = useLocalePath();
  return (
    <article className="home">
      <section className="hero">
        <h1>{t("home.title")}</h1>
        <p>{t("home.tagline")}</p>
        <Link className="button primary" to={to("/signUp")}>
          {t("home.signUp")}
        </Link>
      </section>
      <section>
        <h2>{t("home.featuresTitle")}</h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature}>{t(`home.features.${feature}`)}</li>
          ))}
        </ul>
        <p className="games-count">{t("home.generatedGames", { count: generatedGames })}</p>
      </section>
      <section>
        <h2>{t("home.moreTitle")}</h2>
        <ul className="more">
          {MORE.map(([path, key]) => (
            <li key={path}>
              <Link to={to(path)}>{t(key)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
