import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireDevice } from "~/devices/api.server";

/** GET /api/app/v1/tournaments: the tournaments the device is linked to, with their rounds and pairings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { device } = await requireDevice(request);
  const links = await db().connectedDevice.findMany({
    where: { deviceId: device.id },
    include: {
      tournament: {
        select: {
          id: true,
          name: true,
          defaultNotationLanguage: true,
          rounds: { orderBy: { round: "asc" }, select: { round: true, state: true, games: { orderBy: { board: "asc" }, select: { board: true, white: { select: { name: true } }, black: { select: { name: true } } } } } },
        },
      },
    },
  });
  return json({
    device: { id: device.id, name: device.deviceName, type: device.deviceType },
    tournaments: links.map(({ tournament }) => ({
      id: tournament.id,
      name: tournament.name,
      notation: tournament.defaultNotationLanguage,
      rounds: tournament.rounds.map((round) => ({
        round: round.round,
        state: round.state,
        pairings: round.games.map((game) => ({ board: game.board, white: game.white?.name ?? null, black: game.black?.name ?? null })),
      })),
    })),
  });
}
