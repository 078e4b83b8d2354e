import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireUser } from "~/auth/user.server";
import { Shell } from "~/components/Shell";

/** The webapp layout: every page below needs a signed-in user (each loader checks again). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function WebappLayout() {
  return (
    <Shell layout="webapp">
      <Outlet />
    </Shell>
  );
}
