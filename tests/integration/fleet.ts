import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, Connection } from "@temporalio/client";
import { createConnectionCode } from "~/devices/devices.server";
import { parseConfig } from "~/lib/config.server";
import { drawNextRound } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { readingId } from "~/sheets/queue.server";
import { READER_SEMI_SPACE_MB } from "~/sheets/reader.server";
import { sheetService } from "~/sheets/service.server";
import { TOURNAMENT } from "./databases";
import { startServer, type TestServer } from "./server";
import { freePorts, MINIO_KEYS, startMinio, startTemporal, type Service } from "./services";

/**
 * The production topology on this machine, for the fleet tests and `npm run bench:fleet`: a real
 * Temporal server and MinIO (scripts/services.sh's binaries), the app's HTTP server in this process
 * with TEMPORAL_ADDRESS and MINIO_*, vision workers as separate processes, one tournament with a
 * drawn round and a linked device whose token uploads photos through the app's API.
 */
/** `workers`: how many vision workers may be started (each gets a free port for its /health). */
export type FleetOptions = { workers: number; taskQueue: string; bucket: string; boards: number; inFlight?: number };

export type Fleet = {
  server: TestServer;
  temporal: Service;
  minio: Service;
  tournamentId: number;
  /** Starts worker i (a process of its own); resolves once its /health answers. */
  startWorker(i: number): Promise<void>;
  killWorker(i: number, signal?: NodeJS.Signals): void;
  metrics(i: number): Promise<Record<string, number>>;
  upload(photos: { name: string; bytes: Uint8Array }[]): Promise<{ id: number; readingRun: number; handle: string; name: string }[]>;
  /** Until no sheet is waiting, in reading or read but not yet placed, and no game waits to be decoded. */
  settled(timeoutMs?: number): Promise<void>;
  /** How often each sheet's reading ran on the Temporal server. */
  runsPerReading(sheets: { id: number; readingRun: number }[]): Promise<number[]>;
  close(): Promise<void>;
};

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const [temporal, minio] = await Promise.all([startTemporal(), startMinio()]);
  try {
    return await withServices(options, temporal, minio);
  } catch (error) {
    // a set-up that fails leaves no service running for a later run to meet
    await Promise.all([temporal.stop(), minio.stop()]);
    throw error;
  }
}

async function withServices(options: FleetOptions, temporal: Service, minio: Service): Promise<Fleet> {
  const env = {
    TEMPORAL_ADDRESS: `127.0.0.1:${temporal.port}`,
    TEMPORAL_TASK_QUEUE: options.taskQueue,
    MINIO_ENDPOINT: `http://127.0.0.1:${minio.port}`,
    MINIO_ACCESS_KEY: MINIO_KEYS.accessKey,
    MINIO_SECRET_KEY: MINIO_KEYS.secretKey,
    MINIO_BUCKET: options.bucket,
    SHEETS_IN_FLIGHT: String(options.inFlight ?? 16),
    LOG_LEVEL: "error",
    RATE_LIMIT_MULTIPLIER: "1000",
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "kiebitz-fleet-"));
  Object.assign(process.env, env, { DATA_DIR: dataDir });
  // this fleet's storage and queue, before the app could make them from the configuration it read first (that of
  // an earlier fleet of this process: the benchmark's rows)
  const sheets = sheetService(parseConfig(process.env));
  const server = await startServer(env);
  sheets.queue.start();
  const healthPorts = await freePorts(options.workers);
  const workers: (ChildProcess | null)[] = healthPorts.map(() => null);
  const health = (i: number, route: string) => fetch(`http://127.0.0.1:${healthPorts[i]}${route}`);

  const db = server.db;
  const role = await db.role.findUniqueOrThrow({ where: { name: "User" } });
  const user = await db.user.create({ data: { email: `fleet-${options.taskQueue}@example.org`, username: "Org", password: "x", roleId: role.id, confirmed: true } });
  const event = await db.event.create({ data: { creatorId: user.id, name: "Fleet Open", slug: "Fleet-Open" } });
  const tournament = await createTournament(db, { id: event.id, creatorId: user.id }, { ...TOURNAMENT, name: "A" });
  for (let snr = 1; snr <= 2 * options.boards; snr++) await db.player.create({ data: { tournamentId: tournament.id, snr, name: `Player ${snr}` } });
  const drawn = await drawNextRound(db, tournament, 1);
  if (!drawn.ok) throw new Error("round 1 could not be drawn");
  const code = await createConnectionCode(db, tournament.id);
  if (!code.ok) throw new Error(code.error);
  const linked = await fetch(`${server.url}/api/app/v1/connect`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: code.code, deviceName: "Fleet phone", deviceType: "android" }) });
  const { token } = (await linked.json()) as { token: string };

  return {
    server,
    temporal,
    minio,
    tournamentId: tournament.id,
    async startWorker(i) {
      if (await health(i, "/health").then(() => true, () => false)) throw new Error(`port ${healthPorts[i]} is taken (a worker left running?)`);
      // worker/main.ts through tsx, as `npm run worker` starts it; node runs it directly so that a signal reaches the worker itself
      const child = spawn(process.execPath, [`--max-semi-space-size=${READER_SEMI_SPACE_MB}`, "--import", "tsx", "worker/main.ts"], { env: { ...process.env, ...env, WORKER_HEALTH_PORT: String(healthPorts[i]) }, stdio: "ignore" });
      workers[i] = child;
      for (let tries = 0; !(await health(i, "/health").then((r) => r.ok, () => false)); tries++) {
        if (tries > 240 || child.exitCode !== null) throw new Error(`worker ${i} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    killWorker(i, signal = "SIGKILL") {
      workers[i]?.kill(signal);
      workers[i] = null;
    },
    async metrics(i) {
      const text = await (await health(i, "/metrics")).text();
      return Object.fromEntries(text.split("\n").filter((l) => l.startsWith("kiebitz_")).map((l) => [l.split(" ")[0], Number(l.split(" ")[1])]));
    },
    async upload(photos) {
      const body = new FormData();
      body.append("consent", "on");
      for (const photo of photos) body.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
      const answer = await fetch(`${server.url}/api/app/v1/tournaments/${tournament.id}/sheets`, { method: "POST", body, headers: { Authorization: `Bearer ${token}` } });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
      return db.sheetImageEntry.findMany({ where: { tournamentId: tournament.id, name: { in: photos.map((p) => p.name) } }, orderBy: { id: "asc" } });
    },
    async settled(timeoutMs = 150_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const [open, decodes] = await Promise.all([
          db.sheetImageEntry.count({ where: { tournamentId: tournament.id, state: { in: ["QUEUED", "SCANNING", "PROCESSED"] } } }),
          db.game.count({ where: { tournamentId: tournament.id, decodeRequested: { not: null } } }),
        ]);
        if (open === 0 && decodes === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("sheets still in reading");
    },
    async runsPerReading(sheets) {
      const client = new Client({ connection: await Connection.connect({ address: env.TEMPORAL_ADDRESS }) });
      const counts: number[] = [];
      for (const sheet of sheets) {
        let runs = 0;
        for await (const _ of client.workflow.list({ query: `WorkflowId = '${readingId({ id: sheet.id, reading_run: sheet.readingRun })}'` })) runs++;
        counts.push(runs);
      }
      await client.connection.close();
      return counts;
    },
    async close() {
      await sheetService().queue.stop().catch(() => undefined);
      // the next fleet of this process (the benchmark's next row) gets its own storage and queue
      delete (globalThis as { __kiebitzSheets?: unknown }).__kiebitzSheets;
      for (const worker of workers) worker?.kill("SIGKILL");
      await server.close();
      await Promise.all([temporal.stop(), minio.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
