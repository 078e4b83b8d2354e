import { Outlet } from "@remix-run/react";
import { Shell } from "~/components/Shell";

/** The default layout: public pages and the account forms. */
export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
