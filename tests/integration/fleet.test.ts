import { Client as MinioClient } from "minio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSheetQueue } from "~/sheets/queue.server";
import { temporalReader } from "~/sheets/reader.server";
import { sheetService } from "~/sheets/service.server";
import { createActivities } from "../../worker/activities";
import { roundSheets } from "../../worker/synth/round";
import { startFleet, type Fleet } from "./fleet";
import { built, MINIO_BIN, MINIO_KEYS, TEMPORAL_BIN } from "./services";
/**
 * The production topology for real (issue 16): the app with TEMPORAL_ADDRESS and MINIO_*, a real
 * Temporal server and MinIO, and two `npm run worker` processes. Sheets uploaded through the app's
 * HTTP API are read by the fleet into MinIO, each reading once, and survive the faults of a real
 * installation: a worker killed in the middle of a sheet, MinIO away for a while, the Temporal
 * server restarted, the app restarted. Skipped, saying so, where the binaries are missing.
 */
const available = built(TEMPORAL_BIN, "Temporal CLI") && built(MINIO_BIN, "MinIO");
const TASK_QUEUE = "fleet-test";
const BUCKET = "kiebitz-fleet";

let fleet: Fleet;

/** Boards of round 1: each batch photographs boards of its own, as no two games share a pairing. */
const BOARDS = 16;
let batch = 0;
let photographed = 0;
/** Photos of round 1's next boards (each batch another seed, so no upload is a duplicate). */
async function photos(boards: number) {
  batch++;
  const sheets = await roundSheets({ seed: 20261124 + batch * 7, round: 1, boards, firstBoard: photographed + 1 });
  photographed += boards;
  if (photographed > BOARDS) throw new Error(`the tests photograph more than the ${BOARDS} boards drawn`);
  return sheets.map((sheet) => ({ name: `b${batch}-${sheet.name}`, bytes: sheet.photos[0] }));
}

/** Polls every 50 ms until `condition` holds; fails after 20 s, saying what never happened. */
async function waitUntil(condition: () => Promise<boolean>, never: string) {
  for (let tries = 0; !(await condition()); tries++) {
    if (tries > 400) throw new Error(never);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const final = (state: string) => state === "ASSIGNED" || state === "UNCONFIRMED";
const rows = (sheets: { id: number }[]) => fleet.server.db.sheetImageEntry.findMany({ where: { id: { in: sheets.map((s) => s.id) } }, orderBy: { id: "asc" } });

describe.skipIf(!available)("the fleet: the app, Temporal, MinIO and two vision workers", () => {
  beforeAll(async () => {
    fleet = await startFleet({ workers: 2, taskQueue: TASK_QUEUE, bucket: BUCKET, boards: BOARDS, inFlight: 8 });
    await Promise.all([fleet.startWorker(0), fleet.startWorker(1)]);
  }, 240_000);

  afterAll(() => fleet?.close());

  it("reads a round uploaded over HTTP on both workers, once each, into MinIO, as the embedded reader reads it", async () => {
    const round = await photos(4);
    const sheets = await fleet.upload(round);
    await fleet.settled();
    const done = await rows(sheets);
    expect(done.every((s) => final(s.state) && s.attempts === 0)).toBe(true);
    // the same summary as the embedded reader's activities compute from the same photo
    const local = createActivities({ put: async () => undefined, get: async (key) => Buffer.from(round[done.findIndex((s) => s.handle === key)].bytes), remove: async () => undefined, removeFolder: async () => undefined });
    for (const sheet of done) {
      const summary = await local.readStoredPage({ handle: sheet.handle });
      expect(sheet.reading, sheet.name).toMatchObject({ round: summary.round, board: summary.board, moves: summary.moves });
    }
    // photo, reading and straightened page of each sheet are in MinIO
    const client = new MinioClient({ endPoint: "127.0.0.1", port: fleet.minio.port, useSSL: false, ...MINIO_KEYS });
    const names: string[] = [];
    for await (const item of client.listObjectsV2(BUCKET, "", true)) if (item.name) names.push(item.name);
    for (const sheet of done) expect(names).toEqual(expect.arrayContaining([sheet.handle, `readings/${sheet.handle}.json`]));
    // both workers read, and no sheet twice
    const [a, b] = await Promise.all([fleet.metrics(0), fleet.metrics(1)]);
    expect(a.kiebitz_sheets_read_total + b.kiebitz_sheets_read_total).toBe(4);
    expect(Math.min(a.kiebitz_sheets_read_total, b.kiebitz_sheets_read_total)).toBeGreaterThan(0);
    expect(await fleet.runsPerReading(done)).toEqual([1, 1, 1, 1]);
  }, 200_000);

  it("finishes on the other worker a sheet whose worker was killed in the middle of it, and reads it once", async () => {
    const before = await Promise.all([fleet.metrics(0), fleet.metrics(1)]);
    const sheets = await fleet.upload(await photos(3));
    // kill worker 0 (SIGKILL: no goodbye) as soon as it is reading a sheet; on a busy machine it may
    // have finished one of the three before (its metrics answer between two of its steps)
    let atKill = before[0];
    await waitUntil(async () => (atKill = await fleet.metrics(0)).kiebitz_sheets_reading >= 1, "worker 0 never took a sheet");
    fleet.killWorker(0);
    try {
      await fleet.settled();
      const done = await rows(sheets);
      expect(done.map((s) => [final(s.state), s.attempts, s.reading !== null])).toEqual(done.map(() => [true, 0, true]));
      expect(await fleet.runsPerReading(done)).toEqual([1, 1, 1]);
      // the sheet worker 0 had was read by worker 1: it read all three but those worker 0 finished before
      const finishedBy0 = atKill.kiebitz_sheets_read_total - before[0].kiebitz_sheets_read_total;
      expect(finishedBy0).toBeLessThan(3);
      expect((await fleet.metrics(1)).kiebitz_sheets_read_total - before[1].kiebitz_sheets_read_total).toBe(3 - finishedBy0);
      // one game per pairing, whatever was read twice
      expect(await fleet.server.db.game.count({ where: { tournamentId: fleet.tournamentId } })).toBe(BOARDS);
    } finally {
      // the later tests need both workers, whatever this one found
      await fleet.startWorker(0);
    }
  }, 200_000);

  it("waits while MinIO is away, with the sheets shown in reading, and reads them when it is back", async () => {
    const sheets = await fleet.upload(await photos(2));
    await fleet.minio.halt();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const meanwhile = await rows(sheets);
    expect(meanwhile.map((s) => s.state).every((state) => state === "QUEUED" || state === "SCANNING")).toBe(true);
    await fleet.minio.resume();
    await fleet.settled();
    const done = await rows(sheets);
    expect(done.map((s) => [final(s.state), s.attempts, s.error])).toEqual(done.map(() => [true, 0, null]));
  }, 200_000);

  it("loses nothing when the Temporal server restarts with sheets queued, and counts no failed attempt", async () => {
    const sheets = await fleet.upload(await photos(3));
    await fleet.temporal.halt();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await fleet.temporal.resume();
    await fleet.settled(200_000);
    const done = await rows(sheets);
    expect(done.map((s) => [final(s.state), s.attempts, s.error])).toEqual(done.map(() => [true, 0, null]));
  }, 260_000);

  it("agrees with the workflows after the app restarts in the middle of a round: readings are joined, not repeated", async () => {
    const sheets = await fleet.upload(await photos(4));
    // a worker in the middle of a sheet: its workflow's result is awaited by the app
    await waitUntil(async () => (await fleet.metrics(0)).kiebitz_sheets_reading + (await fleet.metrics(1)).kiebitz_sheets_reading >= 1, "no worker took a sheet");
    // stopping does not wait for the readings in flight: their sheets go back to the queue, unfinished
    await sheetService().queue.stop();
    const left = await fleet.server.db.sheetImageEntry.count({ where: { id: { in: sheets.map((s) => s.id) }, state: { in: ["QUEUED", "SCANNING"] } } });
    expect(left).toBeGreaterThan(0);
    // the restarted app: a new queue (started later) takes over the sheets left in reading
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queue = createSheetQueue(fleet.server.db, temporalReader({ address: `127.0.0.1:${fleet.temporal.port}`, namespace: "default", taskQueue: TASK_QUEUE }), { runners: 8 });
    queue.start();
    await fleet.settled();
    await queue.stop();
    const done = await rows(sheets);
    expect(done.map((s) => [final(s.state), s.attempts])).toEqual(done.map(() => [true, 0]));
    expect(await fleet.runsPerReading(done)).toEqual([1, 1, 1, 1]);
  }, 200_000);
});
