import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "~/auth/user.server";
import { Shell } from "~/components/Shell";

/** The admin layout: role Admin only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <Shell layout="admin">
      <Outlet />
    </Shell>
  );
}
