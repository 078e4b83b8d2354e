import { Outlet } from "@remix-run/react";
import { Shell } from "~/components/Shell";

/** The tournament layout: public event and tournament pages. */
export default function TournamentLayout() {
  return (
    <Shell layout="tournament">
      <Outlet />
    </Shell>
  );
}
