import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicEvent } from "~/components/PublicEvent";
import { db } from "~/db/client.server";
import { parseId } from "~/organiser/access.server";
import { publicEvent } from "~/organiser/public.server";
import { title } from "~/components/PageTitle";

/** /eventId/{gid}: an event's public tournaments; 404 when it has none. */

export const handle = title((_t, data: { event: { name: string } }) => data.event.name);

export async function loader({ params }: LoaderFunctionArgs) {
  const event = await publicEvent(db(), { id: parseId(params.gid) });
  if (!event) throw json("error.tournamentMissing", { status: 404 });
  return json({ event });
}

export default function PublicEventById() {
  return <PublicEvent event={useLoaderData<typeof loader>().event} />;
}
