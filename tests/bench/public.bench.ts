/**
 * Public pages under load (npm run bench:public): the standings and pairings pages of a public
 * 500-player, 9-round Swiss under 200 concurrent connections (autocannon), beside the static
 * /about page as the reference of the same server in the same run: requests per second, p50/p99,
 * errors. Aim (issue 17): p99 under 100 ms, no errors. Requests ask for gzip as every browser does.
 * The server runs in a process of its own (as in production), the load generator in this one.
 * Needs the PostgreSQL server of the tests (TEST_DATABASE_SERVER) and a build (npm run build).
 */
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { benchTournament } from "./benchTournament";

const PORT = 3201;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 10);
// two load threads; autocannon keeps no response bodies (patches/autocannon+9.0.0.patch)
const WORKERS = Number(process.env.WORKERS ?? 2);
const { db, tournament } = await benchTournament(PORT);
await db.tournament.update({ where: { id: tournament.id }, data: { visibility: "PUBLIC" } });

const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env: { ...process.env, NODE_ENV: "production" }, stdio: "ignore" });
for (let tries = 0; ; tries++) {
  if ((await fetch(`http://127.0.0.1:${PORT}/about`).catch(() => null))?.ok) break;
  if (tries > 120) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const headers = { "accept-encoding": "gzip, deflate, br" };

async function measure(label: string, path: string) {
  const url = `http://127.0.0.1:${PORT}${path}`;
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
  // two seconds of the same load first, not counted, so that the server's code is compiled (as after minutes of serving)
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2, workers: WORKERS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: WORKERS });
  const errors = result.errors + result.timeouts + result.non2xx;
  const kilobytes = result.throughput.total / Math.max(1, result.requests.total) / 1024;
  console.log(
    `${label.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   ${kilobytes.toFixed(0).padStart(4)} kB sent each   errors ${errors}`,
  );
  return result.requests.average;
}

console.log(`public pages of a 500-player, 9-round Swiss: ${CONNECTIONS} connections from ${WORKERS} load threads, ${SECONDS} s each`);
const reference = await measure("/about (ref.)", "/about");
for (const [label, path] of [
  ["standings", "/event/Bench-Open/A/standings/9"],
  ["pairings", "/event/Bench-Open/A/round/9"],
  ["cross table", "/event/Bench-Open/A/crosstable/9"],
] as const) {
  const rate = await measure(label, path);
  console.log(`${"".padEnd(16)} ${(rate / reference).toFixed(2)} × the reference's requests per second`);
}
server.kill();
process.exit(0);
