import { json } from "@remix-run/node";
import { title } from "~/components/PageTitle";

/** Unmatched paths answer HTTP 404; the error page says 'Page not found: {path}'. */

export const handle = title((t) => t("error.notFound", { path: "" }).replace(/[:\s]+$/, ""));

export function loader() {
  throw json("error.notFound", { status: 404 });
}

export default function NotFound() {
  return null;
}
