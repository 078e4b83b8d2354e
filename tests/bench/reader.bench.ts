/**
 * Score-sheet reader benchmark (issue 7): a held-out set of synthetic sheets (fonts never used in
 * training, all eight notation languages, photographed) read by the shipped model.
 * Run: npm run bench:reader [-- --sheets 64]
 */
import { parseArgs } from "node:util";
import { readGame, readPage, type PageReading } from "../../worker/reader/read";
import { loadRecognizer } from "../../worker/model/recognizer";
import { heldOutSheet } from "../../worker/synth/heldout";
import type { SyntheticPage } from "../../worker/synth/sheet";

const { values } = parseArgs({ options: { sheets: { type: "string", default: "64" }, model: { type: "string" } } });
const SHEETS = Number(values.sheets);
const model = await loadRecognizer(values.model);

const pct = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);
const count = { pages: 0, layout: 0, boxes: 0, round: 0, board: 0, boxesWritten: 0, rawRight: 0, plies: 0, decodedRight: 0, games: 0, gamesRight: 0, flagged: 0, unflagged: 0, unflaggedRight: 0, pairPlies: 0, pairRight: 0, seconds: 0, decodingSeconds: 0 };
const languages = new Set<string>();

async function readPages(pages: SyntheticPage[]): Promise<PageReading[]> {
  const readings: PageReading[] = [];
  for (const page of pages) {
    const started = process.hrtime.bigint();
    const reading = await readPage(page.jpeg, model);
    count.seconds += Number(process.hrtime.bigint() - started) / 1e9;
    readings.push(reading);
    count.pages++;
    if (reading.layout.status === 2 && reading.layout.layout === page.page.layout && reading.layout.page === page.page.page) count.layout++;
    if (reading.boxes.status === 2) count.boxes++;
    if (reading.round.value === page.round) count.round++;
    if (reading.board.value === page.board) count.board++;
    const written = new Map(page.written.map((w) => [(w.move - 1) * 2 + (w.side === "w" ? 0 : 1), w.text.replace(/Ş/g, "S")]));
    count.boxesWritten += written.size;
    for (const move of reading.moves) if (written.get(move.ply) === move.text) count.rawRight++;
  }
  return readings;
}

const started = Date.now();
for (let index = 0; index < SHEETS; index++) {
  const sheet = await heldOutSheet(index);
  const truth = sheet.pages[0].sans;
  languages.add(sheet.pages[0].language);
  const readings = await readPages(sheet.pages);
  const decodingStarted = process.hrtime.bigint();
  const game = readGame(readings, sheet.pages[0].language);
  count.decodingSeconds += Number(process.hrtime.bigint() - decodingStarted) / 1e9;
  count.games++;
  count.plies += truth.length;
  let right = 0;
  game.moves.forEach((move, ply) => {
    const ok = move.san === truth[ply];
    if (ok) right++;
    if (move.flagged) count.flagged++;
    else {
      count.unflagged++;
      if (ok) count.unflaggedRight++;
    }
  });
  count.decodedRight += right;
  if (right === truth.length && game.moves.length === truth.length) count.gamesRight++;
  if (sheet.otherPlayer) {
    const other = await readPages(sheet.otherPlayer);
    const both = readGame(readings, sheet.pages[0].language, { otherPlayer: other });
    count.pairPlies += truth.length;
    count.pairRight += both.moves.filter((move, ply) => move.san === truth[ply]).length;
  }
}

console.log(`Score-sheet reader on ${SHEETS} held-out sheets (${count.pages} photographed pages, languages: ${[...languages].join(", ")}), ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
console.log(`  layout detected (right form and page): ${pct(count.layout, count.pages)}`);
console.log(`  boxes detected:                        ${pct(count.boxes, count.pages)}`);
console.log(`  round number right:                    ${pct(count.round, count.pages)}`);
console.log(`  board number right:                    ${pct(count.board, count.pages)}`);
console.log(`  moves right, raw recognizer:           ${pct(count.rawRight, count.boxesWritten)} of ${count.boxesWritten} written boxes`);
console.log(`  moves right, after legality decoding:  ${pct(count.decodedRight, count.plies)} of ${count.plies} moves`);
console.log(`  games read entirely right:             ${pct(count.gamesRight, count.games)} of ${count.games}`);
console.log(`  moves flagged for review:              ${pct(count.flagged, count.plies)}`);
console.log(`  unflagged moves right:                 ${pct(count.unflaggedRight, count.unflagged)}`);
console.log(`  with both players' sheets:             ${pct(count.pairRight, count.pairPlies)} of ${count.pairPlies} moves right`);
console.log(`  seconds per page, one core:            ${(count.seconds / count.pages).toFixed(2)} reading, ${(count.decodingSeconds / count.pages).toFixed(2)} decoding`);
