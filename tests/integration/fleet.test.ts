import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, Connection } from "@temporalio/client";
import { Client as MinioClient } from "minio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectionCode } from "~/devices/devices.server";
import { drawNextRound } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { createSheetQueue, readingId } from "~/sheets/queue.server";
import { temporalReader } from "~/sheets/reader.server";
import { sheetService } from "~/sheets/service.server";
import { createActivities } from "../../worker/activities";
import { roundSheets } from "../../worker/synth/round";
import { TOURNAMENT } from "./databases";
import { startServer, type TestServer } from "./server";
import { built, MINIO_BIN, MINIO_KEYS, startMinio, startTemporal, TEMPORAL_BIN, type Service } from "./services";

/**
 * The production topology for real (issue 16): the app with TEMPORAL_ADDRESS and MINIO_*, a real
 * Temporal server and MinIO, and two `npm run worker` processes. Sheets uploaded through the app's
 * HTTP API are read by the fleet into MinIO, each reading once, and survive the faults of a real
 * installation: a worker killed in the middle of a sheet, MinIO away for a while, the Temporal
 * server restarted, the app restarted. Skipped, saying so, where the binaries are missing.
 */
const available = built(TEMPORAL_BIN, "Temporal CLI") && built(MINIO_BIN, "MinIO");
const TEMPORAL_PORT = 7421;
const MINIO_PORT = 9421;
const TASK_QUEUE = "fleet-test";
const BUCKET = "kiebitz-fleet";
const HEALTH_PORTS = [9481, 9482];

let temporal: Service;
let minio: Service;
let server: TestServer;
let token: string;
let tournamentId: number;
let dataDir: string;
const workers: (ChildProcess | null)[] = [null, null];

const env = () => ({
  TEMPORAL_ADDRESS: `127.0.0.1:${TEMPORAL_PORT}`,
  TEMPORAL_TASK_QUEUE: TASK_QUEUE,
  MINIO_ENDPOINT: `http://127.0.0.1:${MINIO_PORT}`,
  MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
  MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
  MINIO_BUCKET: BUCKET,
  SHEETS_IN_FLIGHT: "8",
  LOG_LEVEL: "error",
});

async function metrics(i: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${HEALTH_PORTS[i]}/metrics`)).text();
  return Object.fromEntries(text.split("\n").filter((l) => l.startsWith("kiebitz_")).map((l) => [l.split(" ")[0], Number(l.split(" ")[1])]));
}

/**
 * A vision worker as `npm run worker` starts it (worker/main.ts through tsx), with its own health
 * port; node runs it directly so that a signal reaches the worker itself. Resolves once /health says so.
 */
async function startWorker(i: number) {
  if (await fetch(`http://127.0.0.1:${HEALTH_PORTS[i]}/health`).then(() => true, () => false)) throw new Error(`port ${HEALTH_PORTS[i]} is taken (a worker left running?)`);
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], { env: { ...process.env, ...env(), WORKER_HEALTH_PORT: String(HEALTH_PORTS[i]) }, stdio: "ignore" });
  workers[i] = child;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`http://127.0.0.1:${HEALTH_PORTS[i]}/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    if (tries > 240 || child.exitCode !== null) throw new Error(`worker ${i} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const api = (route: string, init: RequestInit = {}) => fetch(`${server.url}/api/app/v1${route}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });

async function upload(photos: { name: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  body.append("consent", "on");
  for (const photo of photos) body.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
  const answer = await api(`/tournaments/${tournamentId}/sheets`, { method: "POST", body });
  expect(answer.status).toBe(201);
  return server.db.sheetImageEntry.findMany({ where: { tournamentId, name: { in: photos.map((p) => p.name) } }, orderBy: { id: "asc" } });
}

/** Until no sheet is waiting, in reading or read but not yet placed, and no game waits to be decoded. */
async function settled(timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [open, decodes] = await Promise.all([
      server.db.sheetImageEntry.count({ where: { tournamentId, state: { in: ["QUEUED", "SCANNING", "PROCESSED"] } } }),
      server.db.game.count({ where: { tournamentId, decodeRequested: { not: null } } }),
    ]);
    if (open === 0 && decodes === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("sheets still in reading");
}

let batch = 0;
/** Photos of round 1 not uploaded before (each batch another seed, so no upload is a duplicate). */
async function photos(boards: number) {
  batch++;
  const sheets = await roundSheets({ seed: 20261124 + batch * 7, round: 1, boards });
  return sheets.map((sheet) => ({ name: `b${batch}-${sheet.name}`, bytes: sheet.photos[0] }));
}

/** Every reading of these sheets ran exactly once on the Temporal server (no repeated workflow). */
async function runsPerReading(sheets: { id: number; readingRun: number }[]) {
  const client = new Client({ connection: await Connection.connect({ address: `127.0.0.1:${TEMPORAL_PORT}` }) });
  const counts: number[] = [];
  for (const sheet of sheets) {
    let runs = 0;
    for await (const _ of client.workflow.list({ query: `WorkflowId = '${readingId({ id: sheet.id, reading_run: sheet.readingRun })}'` })) runs++;
    counts.push(runs);
  }
  await client.connection.close();
  return counts;
}

describe.skipIf(!available)("the fleet: the app, Temporal, MinIO and two vision workers", () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kiebitz-fleet-"));
    [temporal, minio] = await Promise.all([startTemporal(TEMPORAL_PORT), startMinio(MINIO_PORT)]);
    Object.assign(process.env, env(), { DATA_DIR: dataDir });
    server = await startServer(env());
    await Promise.all([startWorker(0), startWorker(1)]);
    sheetService().queue.start();
    const role = await server.db.role.findUniqueOrThrow({ where: { name: "User" } });
    const user = await server.db.user.create({ data: { email: "fleet@example.org", username: "Org", password: "x", roleId: role.id, confirmed: true } });
    const event = await server.db.event.create({ data: { creatorId: user.id, name: "Fleet Open", slug: "Fleet-Open" } });
    const tournament = await createTournament(server.db, { id: event.id, creatorId: user.id }, { ...TOURNAMENT, name: "A" });
    tournamentId = tournament.id;
    for (let snr = 1; snr <= 8; snr++) await server.db.player.create({ data: { tournamentId, snr, name: `Player ${snr}` } });
    expect((await drawNextRound(server.db, tournament, 1)).ok).toBe(true);
    const code = await createConnectionCode(server.db, tournamentId);
    if (!code.ok) throw new Error(code.error);
    const linked = await fetch(`${server.url}/api/app/v1/connect`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: code.code, deviceName: "Fleet phone", deviceType: "android" }) });
    token = ((await linked.json()) as { token: string }).token;
  }, 240_000);

  afterAll(async () => {
    await sheetService().queue.stop().catch(() => undefined);
    for (const worker of workers) worker?.kill("SIGKILL");
    await server?.close();
    await Promise.all([temporal?.stop(), minio?.stop()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads a round uploaded over HTTP on both workers, once each, into MinIO, as the embedded reader reads it", async () => {
    const round = await photos(4);
    const sheets = await upload(round);
    await settled();
    const done = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } }, orderBy: { id: "asc" } });
    expect(done.every((s) => ["ASSIGNED", "UNCONFIRMED"].includes(s.state) && s.attempts === 0)).toBe(true);
    // the same summary as the embedded reader's activities compute from the same photo
    const local = createActivities({ put: async () => undefined, get: async (key) => Buffer.from(round[done.findIndex((s) => s.handle === key)].bytes), remove: async () => undefined, removeFolder: async () => undefined });
    for (const sheet of done) {
      const summary = await local.readStoredPage({ handle: sheet.handle });
      expect(sheet.reading, sheet.name).toMatchObject({ round: summary.round, board: summary.board, moves: summary.moves });
    }
    // photo, reading and straightened page of each sheet are in MinIO
    const client = new MinioClient({ endPoint: "127.0.0.1", port: MINIO_PORT, useSSL: false, ...MINIO_KEYS });
    const names: string[] = [];
    for await (const item of client.listObjectsV2(BUCKET, "", true)) if (item.name) names.push(item.name);
    for (const sheet of done) expect(names).toEqual(expect.arrayContaining([sheet.handle, `readings/${sheet.handle}.json`]));
    // both workers read, and no sheet twice
    const [a, b] = await Promise.all([metrics(0), metrics(1)]);
    expect(a.kiebitz_sheets_read_total + b.kiebitz_sheets_read_total).toBe(4);
    expect(Math.min(a.kiebitz_sheets_read_total, b.kiebitz_sheets_read_total)).toBeGreaterThan(0);
    expect(await runsPerReading(done)).toEqual([1, 1, 1, 1]);
  }, 200_000);

  it("finishes on the other worker a sheet whose worker was killed in the middle of it, and reads it once", async () => {
    const before = await Promise.all([metrics(0), metrics(1)]);
    const sheets = await upload(await photos(3));
    // kill worker 0 (SIGKILL: no goodbye) as soon as it is reading a sheet
    for (let tries = 0; (await metrics(0)).kiebitz_sheets_reading < 1; tries++) {
      if (tries > 400) throw new Error("worker 0 never took a sheet");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    workers[0]!.kill("SIGKILL");
    await settled();
    const done = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } } });
    expect(done.map((s) => [s.state === "ASSIGNED" || s.state === "UNCONFIRMED", s.attempts, s.reading !== null])).toEqual(done.map(() => [true, 0, true]));
    expect(await runsPerReading(done)).toEqual([1, 1, 1]);
    // the sheet worker 0 had was read by worker 1: it read all three
    expect((await metrics(1)).kiebitz_sheets_read_total - before[1].kiebitz_sheets_read_total).toBe(3);
    // one game per pairing, whatever was read twice
    expect(await server.db.game.count({ where: { tournamentId } })).toBe(4);
    await startWorker(0);
  }, 200_000);

  it("waits while MinIO is away, with the sheets shown in reading, and reads them when it is back", async () => {
    const sheets = await upload(await photos(2));
    await minio.halt();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const meanwhile = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } } });
    expect(meanwhile.map((s) => s.state).every((state) => state === "QUEUED" || state === "SCANNING")).toBe(true);
    await minio.resume();
    await settled();
    const done = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } } });
    expect(done.map((s) => [s.state === "ASSIGNED" || s.state === "UNCONFIRMED", s.attempts, s.error])).toEqual(done.map(() => [true, 0, null]));
  }, 200_000);

  it("loses nothing when the Temporal server restarts with sheets queued, and counts no failed attempt", async () => {
    const sheets = await upload(await photos(3));
    await temporal.halt();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await temporal.resume();
    await settled(200_000);
    const done = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } } });
    expect(done.map((s) => [s.state === "ASSIGNED" || s.state === "UNCONFIRMED", s.attempts, s.error])).toEqual(done.map(() => [true, 0, null]));
  }, 260_000);

  it("agrees with the workflows after the app restarts in the middle of a round: readings are joined, not repeated", async () => {
    const sheets = await upload(await photos(4));
    for (let tries = 0; (await server.db.sheetImageEntry.count({ where: { id: { in: sheets.map((s) => s.id) }, state: "SCANNING" } })) === 0; tries++) {
      if (tries > 400) throw new Error("nothing went into reading");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sheetService().queue.stop();
    const left = await server.db.sheetImageEntry.count({ where: { id: { in: sheets.map((s) => s.id) }, state: { in: ["QUEUED", "SCANNING"] } } });
    expect(left).toBeGreaterThan(0);
    // the restarted app: a new queue (started later) takes over the sheets left in reading
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queue = createSheetQueue(server.db, temporalReader({ address: `127.0.0.1:${TEMPORAL_PORT}`, namespace: "default", taskQueue: TASK_QUEUE }), { runners: 8 });
    queue.start();
    await settled();
    await queue.stop();
    const done = await server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } } });
    expect(done.map((s) => [s.state === "ASSIGNED" || s.state === "UNCONFIRMED", s.attempts])).toEqual(done.map(() => [true, 0]));
    expect(await runsPerReading(done)).toEqual([1, 1, 1, 1]);
  }, 200_000);
});
