import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicEvent } from "~/components/PublicEvent";
import { title } from "~/components/PageTitle";
import { requirePublicEvent } from "~/organiser/publicAccess.server";

/** /event/{eventName}: an event's public tournaments (an address from before a rename redirects). */
export const handle = title((_t, data: { event: { name: string } }) => data.event.name);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json({ event: await requirePublicEvent(request, params) });
}

export default function PublicEventPage() {
  return <PublicEvent event={useLoaderData<typeof loader>().event} />;
}
