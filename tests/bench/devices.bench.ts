/**
 * Linked devices under load (npm run bench:devices, issue 15): 30 devices (three for each of ten
 * tournaments, the most a tournament links) each upload 4 photos at once through the app's API,
 * while 200 sockets follow one of the tournaments and its organiser enters that tournament's round-1
 * results board by board through the round page's form. Prints upload throughput, the time from an
 * upload or a result to the followers being told, and events dropped or duplicated (aim: none).
 * The server runs in a process of its own; needs the tests' PostgreSQL server and a build.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import type { Tournament } from "~/generated/prisma/client";
import { roundSheets } from "../../worker/synth/round";

const SERVER = process.env.TEST_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432";
const DATABASE = "kiebitz_bench_devices";
const PORT = 3202;
const TOURNAMENTS = 10;
const DEVICES_PER_TOURNAMENT = 3;
const PHOTOS_PER_DEVICE = 4;
const FOLLOWERS = Number(process.env.FOLLOWERS ?? 200);
const BOARDS = 20; // round 1 of the followed tournament, its results entered during the uploads
const base = `http://127.0.0.1:${PORT}`;

const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DATABASE}`);
await admin.end();
Object.assign(process.env, { APP_ENV: "test", PORT: String(PORT), DATABASE_URL: `${SERVER}/${DATABASE}`, DATA_DIR: "data-bench-devices", RATE_LIMIT_MULTIPLIER: "1000" });

const { db } = await import("~/db/client.server");
const { migrate } = await import("~/db/migrate.server");
const { seed } = await import("~/db/seed.server");
const { createConnectionCode } = await import("~/devices/devices.server");
const { liveToken } = await import("~/live/tokens.server");
const { sessionStorage } = await import("~/auth/session.server");
const { startSession } = await import("~/auth/sessions.server");
const { drawNextRound } = await import("~/organiser/rounds.server");
await migrate(db());
await seed(db(), "test");
const role = await db().role.findUniqueOrThrow({ where: { name: "User" } });
const user = await db().user.create({ data: { email: "bench-devices@example.org", username: "Bench", password: "x", roleId: role.id, confirmed: true } });
const event = await db().event.create({ data: { creatorId: user.id, name: "Device Bench", slug: "Device-Bench" } });
const tournaments: Tournament[] = [];
for (let i = 0; i < TOURNAMENTS; i++) tournaments.push(await db().tournament.create({ data: { creatorId: user.id, eventId: event.id, name: `T${i}`, slug: `T${i}`, plannedRounds: 5 } }));
await db().player.createMany({ data: Array.from({ length: 2 * BOARDS }, (_, i) => ({ tournamentId: tournaments[0].id, snr: i + 1, name: `Player ${i + 1}`, elo: 2400 - i })) });
const drawn = await drawNextRound(db(), tournaments[0], 1);
if (!drawn.ok) throw new Error(String(drawn.error));
const boards = await db().game.findMany({ where: { tournamentId: tournaments[0].id, round: 1 }, orderBy: { board: "asc" } });
const session = await sessionStorage().getSession();
session.set("sessionId", await startSession(db(), user.id));
const organiser = { cookie: (await sessionStorage().commitSession(session)).split(";")[0], origin: base };

console.log(`making ${TOURNAMENTS * DEVICES_PER_TOURNAMENT * PHOTOS_PER_DEVICE} synthetic sheet photos …`);
const photos: Buffer[] = [];
for (let i = 0; i < TOURNAMENTS * DEVICES_PER_TOURNAMENT; i++) {
  // a tournament's devices photograph boards of their own (one game's sheet per pairing, as in a real round)
  const firstBoard = (i % DEVICES_PER_TOURNAMENT) * PHOTOS_PER_DEVICE + 1;
  for (const sheet of await roundSheets({ seed: 1000 + i * 10, round: 1, boards: PHOTOS_PER_DEVICE, firstBoard })) photos.push(sheet.photos[0]);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env: { ...process.env, NODE_ENV: "production" }, stdio: "ignore" });
for (let tries = 0; ; tries++) {
  if ((await fetch(`${base}/about`).catch(() => null))?.ok) break;
  if (tries > 120) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

// link the devices through the API, as phones do
const devices: { token: string; tournamentId: number }[] = [];
for (const tournament of tournaments) {
  for (let d = 0; d < DEVICES_PER_TOURNAMENT; d++) {
    const code = await createConnectionCode(db(), tournament.id);
    if (!code.ok) throw new Error(code.error);
    const response = await fetch(`${base}/api/app/v1/connect`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: code.code, deviceName: `Phone ${d}`, deviceType: "android" }) });
    devices.push({ token: ((await response.json()) as { token: string }).token, tournamentId: tournament.id });
  }
}

// 200 sockets following the first tournament
const followed = tournaments[0].id;
const arrivals: number[][] = [];
const resultArrivals: number[][] = [];
const sockets: Socket[] = [];
await Promise.all(
  Array.from({ length: FOLLOWERS }, (_, i) => {
    const socket = io(base, { transports: ["websocket"], auth: { token: liveToken(user.id) }, reconnection: false, forceNew: true });
    sockets.push(socket);
    arrivals[i] = [];
    resultArrivals[i] = [];
    socket.on("update", (update: { kind: string; tournamentId: number }) => {
      if (update.kind === "upload") arrivals[i].push(performance.now());
      if (update.kind === "result") resultArrivals[i].push(performance.now());
      if (update.tournamentId !== followed) arrivals[i].push(Number.NaN); // another tournament's event: counted as wrong
    });
    return new Promise<void>((resolve, reject) => {
      socket.on("connect_error", reject);
      socket.on("connect", () => socket.emit("focus", { eventId: event.id, tournamentId: followed }, () => resolve()));
    });
  }),
);

const started = performance.now();
const answered: number[] = [];
const resultsAnswered: number[] = [];
// the organiser enters one board's result after another while the photos arrive
const entering = (async () => {
  const statuses: number[] = [];
  for (const game of boards) {
    const body = new URLSearchParams({ intent: "results", [`result-${game.id}`]: "WHITE_WINS" });
    const response = await fetch(`${base}/webapp/round/${event.id}/${tournaments[0].id}/1`, { method: "POST", headers: organiser, body, redirect: "manual" });
    resultsAnswered.push(performance.now());
    statuses.push(response.status);
  }
  return statuses;
})();
const statuses = await Promise.all(
  devices.map(async (device, index) => {
    const body = new FormData();
    body.append("consent", "on");
    for (let p = 0; p < PHOTOS_PER_DEVICE; p++) body.append("photos", new Blob([new Uint8Array(photos[index * PHOTOS_PER_DEVICE + p])], { type: "image/jpeg" }), `d${index}-p${p}.jpg`);
    const response = await fetch(`${base}/api/app/v1/tournaments/${device.tournamentId}/sheets`, { method: "POST", headers: { Authorization: `Bearer ${device.token}` }, body });
    if (device.tournamentId === followed) answered.push(performance.now());
    return response.status;
  }),
);
const seconds = (performance.now() - started) / 1000;
const resultStatuses = await entering;
await new Promise((resolve) => setTimeout(resolve, 1500));

const stored = await db().sheetImageEntry.count();
const resultsStored = await db().game.count({ where: { tournamentId: followed, round: 1, gameResult: "WHITE_WINS" } });
const expected = devices.filter((d) => d.tournamentId === followed).length;
const wrong = arrivals.reduce((sum, list) => sum + list.filter((t) => Number.isNaN(t)).length, 0);

/** The k-th event a follower got against the k-th action being answered: delays, dropped, duplicated. */
function told(received: number[][], answers: number[]) {
  const sorted = [...answers].sort((a, b) => a - b);
  const delays = received.flatMap((list) => list.filter((t) => !Number.isNaN(t)).map((t, k) => t - (sorted[k] ?? t))).sort((a, b) => a - b);
  const counts = received.map((list) => list.filter((t) => !Number.isNaN(t)).length);
  const pct = (p: number) => (delays.length ? delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))].toFixed(0) : "–");
  return {
    text: `told ${pct(50)} ms (p50), ${pct(99)} ms (p99) after the request was answered`,
    dropped: counts.reduce((sum, n) => sum + Math.max(0, sorted.length - n), 0),
    duplicated: counts.reduce((sum, n) => sum + Math.max(0, n - sorted.length), 0),
  };
}
const uploads = told(arrivals, answered);
const results = told(resultArrivals, resultsAnswered);
console.log(`${devices.length} devices × ${PHOTOS_PER_DEVICE} photos at once: ${statuses.filter((s) => s === 201).length}/${devices.length} uploads accepted, ${stored} photos stored in ${seconds.toFixed(1)} s (${(stored / seconds).toFixed(1)} photos/s)`);
console.log(`${BOARDS} results entered one by one meanwhile: ${resultStatuses.filter((s) => s === 302).length}/${BOARDS} saved (${resultsStored} stored)`);
console.log(`${FOLLOWERS} sockets following one tournament (negative: told before the request had its answer)`);
console.log(`  ${expected} uploads to it: ${uploads.text}`);
console.log(`  ${BOARDS} results: ${results.text}`);
console.log(`events: dropped ${uploads.dropped + results.dropped}, duplicated ${uploads.duplicated + results.duplicated}, another tournament's ${wrong}`);
sockets.forEach((socket) => socket.close());
server.kill();
process.exit(0);
