import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, Connection } from "@temporalio/client";
import { DefaultLogger, NativeConnection, Runtime, Worker } from "@temporalio/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "~/organiser/tournaments.server";
import { drawNextRound } from "~/organiser/rounds.server";
import { createSheetQueue } from "~/sheets/queue.server";
import { temporalReader } from "~/sheets/reader.server";
import { uploadSheets } from "~/sheets/sheets.server";
import { diskStorage } from "~/sheets/storage.server";
import { createActivities } from "../../worker/activities";
import { untilItWorks } from "../../worker/retry";
import { roundSheets } from "../../worker/synth/round";
import { organiserDatabase, TOURNAMENT } from "./databases";
import { built, startTemporal, TEMPORAL_BIN, type Service } from "./services";

/**
 * The reading queue on a real Temporal server (the Temporal CLI's development server, built from
 * the Go module proxy into ~/.cache/kiebitz/bin) with a vision worker on its task queue: the same
 * sheets end in the same states as with the embedded reader, and a photo that is no image fails
 * with code 10 at once instead of being retried. Skipped, saying so, where the binary is missing.
 */
const available = built(TEMPORAL_BIN, "Temporal CLI");

const TASK_QUEUE = "sheet-reading-test";
let server: Service;
let worker: Worker;
let running: Promise<void>;
let folder: string;
let setup: Awaited<ReturnType<typeof organiserDatabase>>;

describe.skipIf(!available)("sheets read on a Temporal server by a vision worker", () => {
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "kiebitz-temporal-"));
    Runtime.install({ logger: new DefaultLogger("WARN") });
    server = await startTemporal();
    worker = await Worker.create({
      connection: await NativeConnection.connect({ address: `127.0.0.1:${server.port}` }),
      taskQueue: TASK_QUEUE,
      workflowsPath: new URL("../../workflows/index.ts", import.meta.url).pathname,
      activities: createActivities(diskStorage(folder)),
      maxConcurrentActivityTaskExecutions: 1,
    });
    running = worker.run();
    setup = await organiserDatabase("temporal@example.org", "Temporal Open");
  }, 180_000);

  afterAll(async () => {
    worker?.shutdown();
    await running?.catch(() => undefined);
    await server?.stop();
    await setup?.test.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("reads a round's sheets into the same states as the embedded reader, and fails a photo that is no image with code 10", async () => {
    const tournament = await createTournament(setup.db, setup.event, { ...TOURNAMENT, name: "A" });
    for (let snr = 1; snr <= 4; snr++) await setup.db.player.create({ data: { tournamentId: tournament.id, snr, name: `Player ${snr}` } });
    const drawn = await drawNextRound(setup.db, tournament, 1);
    expect(drawn.ok).toBe(true);
    const sheets = await roundSheets({ seed: 20261126, round: 1, boards: 2, blankBoards: [2] });
    const storage = diskStorage(folder);
    const uploaded = await uploadSheets(setup.db, storage, tournament, sheets.map((sheet) => ({ name: sheet.name, bytes: sheet.photos[0] })), { quota: 1e9 });
    expect(uploaded.ok && uploaded.report.stored).toBe(2);
    // a photo that passed the upload check but that the reader cannot decode (stored by another way)
    await storage.put(`t${tournament.id}/broken.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    await setup.db.sheetImageEntry.create({ data: { tournamentId: tournament.id, handle: `t${tournament.id}/broken.jpg`, name: "broken.jpg", fileSize: 6, state: "QUEUED" } });

    const reader = temporalReader({ address: `127.0.0.1:${server.port}`, namespace: "default", taskQueue: TASK_QUEUE });
    const queue = createSheetQueue(setup.db, reader);
    queue.start();
    await queue.idle();
    await queue.stop();

    const rows = await setup.db.sheetImageEntry.findMany({ where: { tournamentId: tournament.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.name, row.state, row.board, row.layoutDetectionStatus, row.attempts])).toEqual([
      [sheets[0].name, "ASSIGNED", 1, 2, 0],
      [sheets[1].name, "UNCONFIRMED", null, 2, 0],
      ["broken.jpg", "UNCONFIRMED", null, 10, 1],
    ]);
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, board: 1 }, select: { id: true, reading: true } });
    expect((game.reading as { moves: unknown[] }).moves).toHaveLength(sheets[0].sans.length);

    // the histories the server recorded replay deterministically against today's workflow code
    const connection = await Connection.connect({ address: `127.0.0.1:${server.port}` });
    const client = new Client({ connection });
    const scan = await client.workflow.getHandle(`sheet-${rows[0].id}`).fetchHistory();
    await Worker.runReplayHistory({ workflowsPath: new URL("../../workflows/index.ts", import.meta.url).pathname }, scan, `sheet-${rows[0].id}`);
    if (process.env.RECORD_HISTORY) {
      const json = execFileSync(TEMPORAL_BIN, ["workflow", "show", "--address", `127.0.0.1:${server.port}`, "--workflow-id", `sheet-${rows[0].id}`, "--output", "json"]);
      writeFileSync(new URL("../../workflows/testdata/scanSheetWorkflow.history.json", import.meta.url), json);
    }
    await connection.close();
  }, 240_000);

  it("closes a reader whose call waits to be retried while the server is away, and nothing throws after it", async () => {
    const reader = temporalReader({ address: `127.0.0.1:${server.port}`, namespace: "default", taskQueue: TASK_QUEUE });
    // connected while the server answers
    await expect(reader.decode({ readingKeys: [], language: "EN" }, "nothing-to-decode")).resolves.toBeNull();
    await server.halt();
    try {
      const scanning = reader.scan({ handle: "away.jpg" }, "sheet-away");
      const outcome = scanning.then(() => "read", (error: Error) => error.name);
      // the start fails at once and waits for its next try (Temporal's client: 100 ms, then 1.7 times longer each time)
      await new Promise((resolve) => setTimeout(resolve, 700));
      await reader.close();
      expect(await outcome).toBe("ReaderUnavailableError");
      // a retry timer left behind would fire in these seconds, on a closed connection: an uncaught exception (vitest fails the run)
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await server.resume();
    }
  }, 60_000);

  it("reads with a reader made while the server was away once it is back, and its failed connection never throws", async () => {
    await server.halt();
    const reader = temporalReader({ address: `127.0.0.1:${server.port}`, namespace: "default", taskQueue: TASK_QUEUE });
    try {
      // a call while the server is away waits for Temporal's client to give up connecting (10 s): not a failed reading
      const away = await reader.decode({ readingKeys: [], language: "EN" }, "decoded-while-away").then(() => "read", (error: Error) => error.name);
      expect(away).toBe("ReaderUnavailableError");
    } finally {
      await server.resume();
    }
    // the app started before its Temporal server: the reader connects again, not failing every call from then on
    await expect(reader.decode({ readingKeys: [], language: "EN" }, "decoded-when-back")).resolves.toBeNull();
    await reader.close();
  }, 90_000);

  it("connects a vision worker started before its server once the server answers, saying each time it waits", async () => {
    await server.halt();
    const lines: string[] = [];
    let back = false;
    try {
      const connecting = untilItWorks("Connecting to Temporal", () => NativeConnection.connect({ address: `127.0.0.1:${server.port}` }), (line) => lines.push(line), 200);
      // refused at once, then tried again after 0.2 s and 0.4 s
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines[0]).toMatch(/^Connecting to Temporal failed \(.*\); trying again in 0\.2 s$/);
      await server.resume();
      back = true;
      const connection = await connecting;
      await connection.close();
    } finally {
      if (!back) await server.resume();
    }
  }, 60_000);

  it("leaves no failed connection unhandled where no call was made (an unhandled rejection stops the app)", async () => {
    await server.halt();
    try {
      const reader = temporalReader({ address: `127.0.0.1:${server.port}`, namespace: "default", taskQueue: TASK_QUEUE });
      // Temporal's client gives up connecting after 10 s; vitest fails the run on an unhandled rejection
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      await reader.close();
    } finally {
      await server.resume();
    }
  }, 60_000);
});
