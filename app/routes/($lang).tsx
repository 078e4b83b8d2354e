import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GERMAN_PREFIX } from "~/lib/locale";

/** Every page exists at "/..." (English) and "/de/..." (German); any other first segment is unknown. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.lang !== undefined && `/${params.lang}` !== GERMAN_PREFIX) throw json("error.notFound", { status: 404 });
  return null;
}

export default function LanguageRoot() {
  return <Outlet />;
}
