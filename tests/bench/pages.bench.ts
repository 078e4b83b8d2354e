/**
 * Page benchmark (npm run bench:pages): server response times of the round page, the
 * rankings page and the player list PDF of a 500-player, 9-round Swiss, measured with autocannon (one connection,
 * so the numbers are response times, not throughput under contention).
 * Needs the PostgreSQL server of the tests (TEST_DATABASE_SERVER) and a build (npm run build).
 */
import autocannon from "autocannon";
import { benchTournament } from "./benchTournament";

const PORT = 3200;
const { db, user, event, tournament } = await benchTournament(PORT);
const { sessionStorage } = await import("~/auth/session.server");
const { startSession } = await import("~/auth/sessions.server");
const session = await sessionStorage().getSession();
session.set("sessionId", await startSession(db, user.id));
const cookie = (await sessionStorage().commitSession(session)).split(";")[0];

await import("../../server");
await new Promise((resolve) => setTimeout(resolve, 1500));

async function measure(label: string, path: string) {
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: 1, duration: 8, headers: { cookie } });
  const ok = result["2xx"];
  console.log(
    `${label.padEnd(14)} ${ok} responses (${result.non2xx} non-2xx): median ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`,
  );
}

console.log("500 players, 9 rounds (one connection, 8 s each)");
await measure("round page", `/webapp/round/${event.id}/${tournament.id}/9`);
await measure("rankings page", `/webapp/tournament/rankings/${event.id}/${tournament.id}/9`);
await measure("players PDF", `/webapp/playersPdf/${event.id}/${tournament.id}`);
process.exit(0);
