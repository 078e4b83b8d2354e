/**
 * Score-sheet benchmark (npm run bench:sheets): a round of synthetic photos uploaded through the
 * HTTP upload route of the embedded default (PGlite, photos on disk, the reader in the app's worker
 * thread), one request per photo as the upload form sends them. Prints the time until every sheet
 * is read and its game decoded, per sheet, the server process's peak memory while reading, and how fast a
 * page answers while the queue runs against the same page with the queue idle.
 * Run: npm run bench:sheets [-- --sheets 40]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { roundSheets } from "../../worker/synth/round";

const { values } = parseArgs({ options: { sheets: { type: "string", default: "40" } } });
const SHEETS = Number(values.sheets);
const PORT = 3250;
const dataDir = mkdtempSync(path.join(tmpdir(), "kiebitz-bench-sheets-"));
Object.assign(process.env, { APP_ENV: "development", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "1000" });
delete process.env.DATABASE_URL;

console.log(`generating ${SHEETS} photographed sheets …`);
const sheets = await roundSheets({ seed: 31337, round: 1, boards: SHEETS });

const { db } = await import("~/db/client.server");
const { sessionStorage } = await import("~/auth/session.server");
const { startSession } = await import("~/auth/sessions.server");
await import("../../server");
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; i < 100 && !(await fetch(base).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 200));

// an organiser with a round of SHEETS boards drawn
const role = await db().role.findUniqueOrThrow({ where: { name: "User" } });
const user = await db().user.create({ data: { email: "bench@example.org", username: "Bench", password: "x", roleId: role.id, confirmed: true } });
const event = await db().event.create({ data: { creatorId: user.id, name: "Bench Open", slug: "Bench-Open" } });
const tournament = await db().tournament.create({ data: { creatorId: user.id, eventId: event.id, name: "A", slug: "A", plannedRounds: 5 } });
await db().player.createMany({ data: Array.from({ length: 2 * SHEETS }, (_, i) => ({ tournamentId: tournament.id, snr: i + 1, name: `Player ${i + 1}`, elo: 2400 - i })) });
const players = await db().player.findMany({ where: { tournamentId: tournament.id }, orderBy: { snr: "asc" } });
const round = await db().round.create({ data: { tournamentId: tournament.id, round: 1, state: "IN_PROGRESS" } });
await db().game.createMany({
  data: sheets.map((_, i) => ({ tournamentId: tournament.id, roundId: round.id, round: 1, board: i + 1, whiteId: players[i].id, blackId: players[2 * SHEETS - 1 - i].id })),
});
const session = await sessionStorage().getSession();
session.set("sessionId", await startSession(db(), user.id));
const cookie = (await sessionStorage().commitSession(session)).split(";")[0];
const headers = { cookie, origin: base };
const page = `${base}/webapp/tournament/${event.id}/${tournament.id}`;

async function pageTimes(until: () => boolean, minimum = 20): Promise<number[]> {
  const times: number[] = [];
  while (times.length < minimum || !until()) {
    const started = performance.now();
    const response = await fetch(page, { headers });
    await response.text();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  return times.sort((a, b) => a - b);
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const describe = (sorted: number[]) => `median ${quantile(sorted, 0.5).toFixed(0)} ms, p90 ${quantile(sorted, 0.9).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${sorted.length} requests)`;

const idle = await pageTimes(() => true);
// resident memory sampled while the round is read (the photos' generation before is not counted)
const startRss = process.memoryUsage().rss;
let peakRss = startRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const started = performance.now();
let uploaded = 0;
for (const sheet of sheets) {
  const body = new FormData();
  body.append("consent", "on");
  body.append("photos", new Blob([new Uint8Array(sheet.photos[0])], { type: "image/jpeg" }), sheet.name);
  const response = await fetch(`${base}/webapp/sheets/${event.id}/${tournament.id}/upload`, { method: "POST", body, headers });
  if (response.ok) uploaded++;
  else console.log("upload failed", response.status, await response.text());
}
const uploadSeconds = (performance.now() - started) / 1000;
let done = false;
const busy = pageTimes(() => done);
const finished = async () => {
  const [open, decoding] = await Promise.all([
    db().sheetImageEntry.count({ where: { tournamentId: tournament.id, state: { in: ["QUEUED", "SCANNING", "PROCESSED", "UPLOADED", "UPLOADING"] } } }),
    db().game.count({ where: { tournamentId: tournament.id, decodeRequested: { not: null } } }),
  ]);
  return open === 0 && decoding === 0;
};
while (!(await finished())) await new Promise((r) => setTimeout(r, 250));
done = true;
clearInterval(sampler);
const seconds = (performance.now() - started) / 1000;
const busyTimes = await busy;
const states = await db().sheetImageEntry.groupBy({ by: ["state"], where: { tournamentId: tournament.id }, _count: true });
const games = await db().game.findMany({ where: { tournamentId: tournament.id }, select: { board: true, reading: true } });
let right = 0;
let plies = 0;
// the games a sheet went to by itself (those left to the organiser have no reading yet)
const read = games.filter((game) => (game.reading as { moves?: unknown[] } | null)?.moves);
for (const game of read) {
  const truth = sheets[game.board - 1].sans;
  const moves = (game.reading as { moves: { san: string }[] }).moves;
  plies += truth.length;
  right += moves.filter((move, ply) => move.san === truth[ply]).length;
}
console.log(`${uploaded} photos uploaded in ${uploadSeconds.toFixed(1)} s; all read and decoded after ${seconds.toFixed(1)} s: ${(seconds / SHEETS).toFixed(2)} s per sheet (one reader thread)`);
console.log(`states: ${states.map((s) => `${s.state} ${s._count}`).join(", ")}; moves right in the ${read.length} automatically assigned games: ${right} of ${plies} (${((100 * right) / plies).toFixed(1)}%)`);
console.log(`tournament page, queue idle:    ${describe(idle)}`);
console.log(`tournament page, queue running: ${describe(busyTimes)}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(`resident memory of the server process (app, embedded database, reader thread; this process also made the photos): ${mb(startRss)} before the upload, peak ${mb(peakRss)} while reading (+${mb(peakRss - startRss)})`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
