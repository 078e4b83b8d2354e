/**
 * Learning from corrections (npm run bench:corrections): an installation whose organisers reviewed
 * sheets written in held-out hands (other writers of the families bench:reader measures, other
 * seeds), simulated: each photographed sheet is read by the reader's own steps and the boxes of its
 * moves are kept with the true moves in table reviewed_box of a fresh database on the test
 * PostgreSQL server, as the review screen keeps them. Then `npm run train -- --with-corrections`
 * runs on that database and writes the fine-tuned weights to `--out`; measure them with
 * `npm run bench:reader -- --model <out>`.
 * Run: npm run bench:corrections [-- --cursive 60 --print 30 --fonts 0 --joined 0 --out /tmp/kiebitz-corrections]
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { NOTATION_LANGUAGES } from "~/chess/languages";
import { openDb } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { createEvent } from "~/organiser/events.server";
import { createTournament } from "~/organiser/tournaments.server";
import { cropBox } from "../../worker/reader/crops";
import { readGame, readPage } from "../../worker/reader/read";
import { loadRecognizers } from "../../worker/model/recognizer";
import { HELD_OUT_HANDS, type HeldOutKind } from "../../worker/synth/heldout";
import { syntheticSheet } from "../../worker/synth/sheet";
import { SERVER_URL, TOURNAMENT } from "../integration/databases";

const { values } = parseArgs({
  options: {
    cursive: { type: "string", default: "60" },
    print: { type: "string", default: "30" },
    fonts: { type: "string", default: "0" },
    joined: { type: "string", default: "0" },
    out: { type: "string", default: "/tmp/kiebitz-corrections" },
  },
});
/** Far from the training seeds and from bench:reader's held-out sheets (900,000,000 on). */
const REVIEWED_SEED = 700_000_000;
const NAME = "kiebitz_bench_corrections";

const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
const url = `${SERVER_URL}/${NAME}`;
const db = openDb({ kind: "postgres", url });
await migrate(db);
await seed(db, "test");
const role = await db.role.findUniqueOrThrow({ where: { name: "User" } });
const user = await db.user.create({ data: { email: "reviews@example.org", username: "Organiser", roleId: role.id, confirmed: true, password: "x" } });
const event = await createEvent(db, user.id, { name: "Reviewed games" });
if (!event.ok) throw new Error(event.error);
const tournament = await createTournament(db, { id: event.value.id, creatorId: user.id }, { ...TOURNAMENT, name: "Reviewed" });
const recognizers = await loadRecognizers();

const started = Date.now();
for (const kind of ["cursive", "print", "fonts", "joined"] as const satisfies HeldOutKind[]) {
  const count = Number(values[kind]);
  let boxes = 0;
  for (let i = 0; i < count; i++) {
    const language = NOTATION_LANGUAGES[i % NOTATION_LANGUAGES.length];
    const pages = await syntheticSheet({ seed: REVIEWED_SEED + i * 7 + kind.length, fonts: HELD_OUT_HANDS[kind], language, layout: "kiebitz-60" });
    const readings = await Promise.all(pages.map((page) => readPage(page.jpeg, recognizers)));
    // what the reader made of the game: a move it got wrong is one the organiser corrected
    const decoded = readGame(readings, language).moves.map((move) => move.san);
    for (const [p, page] of pages.entries()) {
      const reading = readings[p];
      if (!reading.page) continue;
      const sheet = await db.sheetImageEntry.create({ data: { tournamentId: tournament.id, handle: `reviewed/${kind}/${i}/${page.page.page}`, name: `${kind}-${i}.jpg`, fileSize: page.jpeg.length, notation: language } });
      const kept = reading.regions.moves.filter(({ ply }) => ply < page.sans.length);
      await db.reviewedBox.createMany({
        data: kept.map(({ ply, region }) => {
          const pixels = Uint8Array.from(cropBox(reading.page!, region).pixels, (v) => Math.round(v * 255));
          return { sheetId: sheet.id, ply, san: page.sans[ply], notation: language, corrected: decoded[ply] !== page.sans[ply], pixels };
        }),
      });
      boxes += kept.length;
    }
  }
  if (count) console.log(`${kind}: ${count} reviewed sheets, ${boxes} boxes`);
}
await db.$disconnect();
console.log(`reviews simulated in ${((Date.now() - started) / 1000).toFixed(0)} s; fine-tuning …`);
const train = spawnSync("npm", ["run", "-s", "train", "--", "--with-corrections", "--out", values.out!], { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
if (train.status !== 0) process.exit(train.status ?? 1);
console.log(`measure: npm run bench:reader -- --model ${values.out}`);
