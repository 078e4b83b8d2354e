import { json } from "@remix-run/node";

/** Unmatched paths answer HTTP 404; the error page says 'Page not found: {path}'. */
export function loader() {
  throw json("error.notFound", { status: 404 });
}

export default function NotFound() {
  return null;
}
