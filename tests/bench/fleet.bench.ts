/**
 * Fleet benchmark (npm run bench:fleet): synthetic sheet photos uploaded at once through the app's
 * API to the production topology on this machine (a real Temporal server and MinIO, the app with
 * TEMPORAL_ADDRESS and MINIO_*) read by 1, 2 and 4 vision worker processes. Prints sheets per
 * minute, the time until the last sheet is read, the ratio against one worker, and sheets lost
 * (not read) or read twice (more than one run of a reading, or more readings than sheets).
 * Run: npm run bench:fleet [-- --sheets 200 --workers 1,2,4]
 */
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { roundSheets } from "../../worker/synth/round";
import { startFleet } from "../integration/fleet";
import { built, MINIO_BIN, TEMPORAL_BIN } from "../integration/services";
import { format } from "./measure";

const { values } = parseArgs({ options: { sheets: { type: "string", default: "200" }, workers: { type: "string", default: "1,2,4" } } });
const SHEETS = Number(values.sheets);
const COUNTS = values.workers.split(",").map(Number);
if (!built(TEMPORAL_BIN, "Temporal CLI") || !built(MINIO_BIN, "MinIO")) process.exit(1);

console.log(`Fleet: ${SHEETS} synthetic sheet photos uploaded at once, read by vision workers (${cpus().length} cores)`);
const made = performance.now();
const round = await roundSheets({ seed: 20261125, round: 1, boards: SHEETS });
const photos = round.map((sheet) => ({ name: sheet.name, bytes: sheet.photos[0] }));
console.log(`  (${SHEETS} photos made in ${format((performance.now() - made) / 1000, 1)} s, ${format(photos.reduce((n, p) => n + p.bytes.length, 0) / 1024 / 1024, 1)} MB)`);

let single: number | null = null;
for (const workers of COUNTS) {
  const fleet = await startFleet({ workers, taskQueue: `bench-${workers}`, bucket: `kiebitz-bench-${workers}`, boards: SHEETS, inFlight: 32 });
  try {
    await Promise.all(Array.from({ length: workers }, (_, i) => fleet.startWorker(i)));
    const start = performance.now();
    // as phones send them: several requests at once, 20 photos each
    const batches = Array.from({ length: Math.ceil(SHEETS / 20) }, (_, i) => photos.slice(20 * i, 20 * i + 20));
    const uploaded = (await Promise.all(batches.map((batch) => fleet.upload(batch)))).flat();
    await fleet.settled(3_600_000);
    const seconds = (performance.now() - start) / 1000;
    const rows = await fleet.server.db.sheetImageEntry.findMany({ where: { tournamentId: fleet.tournamentId } });
    const lost = SHEETS - rows.filter((r) => r.reading !== null && (r.state === "ASSIGNED" || r.state === "UNCONFIRMED")).length;
    const runs = await fleet.runsPerReading(uploaded);
    const read = (await Promise.all(Array.from({ length: workers }, (_, i) => fleet.metrics(i)))).reduce((n, m) => n + m.kiebitz_sheets_read_total, 0);
    const twice = runs.filter((r) => r > 1).length + Math.max(0, read - SHEETS);
    const perMinute = (SHEETS / seconds) * 60;
    single ??= perMinute;
    console.log(
      `  ${workers} worker${workers > 1 ? "s" : " "}: ${format(perMinute, 1)} sheets/min (${format(perMinute / single, 2)}× one worker), last read after ${format(seconds, 1)} s; lost ${lost}, read twice ${twice}`,
    );
  } finally {
    await fleet.close();
  }
}
process.exit(0);
