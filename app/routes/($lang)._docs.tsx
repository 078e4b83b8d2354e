import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Shell, useLocalePath } from "~/components/Shell";
import { DOC_PAGES } from "~/lib/docs";

/** The documentation layout: the sections on the side, the page beside them. */
export default function DocumentationLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Shell layout="documentation">
      <div className="docs">
        <nav aria-label={t("docs.navigation")}>
          <ul>
            {DOC_PAGES.map((slug) => (
              <li key={slug}>
                <NavLink to={to(`/docs/${slug}`)}>{t(`docs.pages.${slug}.title`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Outlet />
      </div>
    </Shell>
  );
}
