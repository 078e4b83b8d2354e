import { Outlet } from "@remix-run/react";

/** The entergame layout: the game editor, with room for the board beside the moves. */
export default function EnterGameLayout() {
  return (
    <div className="layout-entergame">
      <Outlet />
    </div>
  );
}
