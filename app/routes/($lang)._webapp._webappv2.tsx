import { Outlet } from "@remix-run/react";

/** The webappv2 layout: the tournament working area (tournament, players, rounds, rankings), full width. */
export default function WebappV2Layout() {
  return (
    <div className="layout-webappv2">
      <Outlet />
    </div>
  );
}
