import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Server } from "node:net";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

/**
 * The production services built by scripts/services.sh (cached in ~/.cache/kiebitz/bin), started for
 * one test file on loopback ports free at the time and their own folders (a service an earlier run
 * left behind holds its own port, and is never mistaken for this run's). Tests skip, saying so, when a
 * binary is missing.
 */
const BIN = path.join(homedir(), ".cache/kiebitz/bin");
export const TEMPORAL_BIN = process.env.KIEBITZ_TEMPORAL_BIN ?? path.join(BIN, "temporal-v1.5.1/temporal");
export const MINIO_BIN = process.env.KIEBITZ_MINIO_BIN ?? path.join(BIN, "minio-v0.0.0-20260212201848-7aac2a2c5b7c/minio");

export function built(binary: string, name: string): boolean {
  if (existsSync(binary)) return true;
  console.warn(`${name} tests skipped: no ${name} at ${binary} (build it: scripts/services.sh build)`);
  return false;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    }).on("error", () => resolve(false));
  });
}

/** `count` distinct loopback ports that are free now (the system's choice). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<Server>((resolve, reject) => {
      const server = createServer().once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve(server));
    })),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export type Service = {
  port: number;
  folder: string;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
  /** Stops the server, keeping its data (a fault: the service is away). */
  halt: () => Promise<void>;
  /** Starts it again on the same data and port. */
  resume: () => Promise<void>;
};

/**
 * Another process has the service's port: it answered before the service started, or the service ended before it did
 * (most often a port free a moment before was taken in between).
 */
export class PortTaken extends Error {}

/**
 * A service started by `start` on `count` ports free now and, where another process (such as the other service of a
 * fleet starting beside it) took one of them first (PortTaken), on fresh ones, three times at most.
 */
export async function onFreePorts(count: number, start: (ports: number[]) => Promise<Service>): Promise<Service> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePorts(count));
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 3) throw error;
    }
  }
}

/** Starts a service binary with `args(port, folder)` and waits until its port answers (and `ready` says so). */
export async function startService(binary: string, port: number, args: (folder: string) => string[], env: Record<string, string> = {}, ready: () => Promise<boolean> = async () => true): Promise<Service> {
  if (await answers(port)) throw new PortTaken(`port ${port} is taken: ${binary} not started`);
  const folder = mkdtempSync(path.join(tmpdir(), `kiebitz-${path.basename(binary)}-`));
  let child: ChildProcess | undefined;
  // a test process that ends without stopping it (a failed set-up) takes the service with it
  const killOnExit = () => child?.kill("SIGKILL");
  process.once("exit", killOnExit);
  const launch = async () => {
    const started = spawn(binary, args(folder), { stdio: "ignore", env: { ...process.env, ...env } });
    child = started;
    for (let i = 0; !((await answers(port)) && (await ready())); i++) {
      if (started.exitCode !== null || started.signalCode !== null) throw new PortTaken(`${binary} ended (${started.exitCode ?? started.signalCode}) before port ${port} answered`);
      if (i > 120) {
        started.kill("SIGKILL");
        throw new Error(`${binary} did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const halt = async () => {
    const running = child!;
    const exited = new Promise<void>((resolve) => (running.exitCode !== null ? resolve() : running.once("exit", () => resolve())));
    running.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (running.exitCode === null) running.kill("SIGKILL");
  };
  try {
    await launch();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    process.off("exit", killOnExit);
    throw error;
  }
  return {
    port,
    folder,
    stop: async () => {
      // the folder goes only once the server has stopped writing to it
      await halt();
      process.off("exit", killOnExit);
      rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
    halt,
    resume: launch,
  };
}

export const MINIO_KEYS = { accessKey: "kiebitz", secretKey: "kiebitz-test-secret" };

/** MinIO on free ports (its API and console). */
export async function startMinio(): Promise<Service> {
  return onFreePorts(2, ([port, consolePort]) => {
    // the port opens before MinIO serves requests: wait for its readiness check
    const ready = () => fetch(`http://127.0.0.1:${port}/minio/health/ready`).then((r) => r.ok, () => false);
    return startService(MINIO_BIN, port, (folder) => ["server", folder, "--address", `127.0.0.1:${port}`, "--console-address", `127.0.0.1:${consolePort}`, "--quiet"], {
      MINIO_ROOT_USER: MINIO_KEYS.accessKey,
      MINIO_ROOT_PASSWORD: MINIO_KEYS.secretKey,
    }, ready);
  });
}

/** The Temporal development server, its frontend on a free port. */
export async function startTemporal(): Promise<Service> {
  return onFreePorts(1, ([port]) => startService(TEMPORAL_BIN, port, (folder) => ["server", "start-dev", "--headless", "--ip", "127.0.0.1", "--port", String(port), "--db-filename", path.join(folder, "temporal.db"), "--log-level", "error"]));
}
