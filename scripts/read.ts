import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { squaresLeft } from "~/chess/candidates";
import { readPgn } from "~/chess/pgn";
import { loadRecognizers, recognizerHead } from "../worker/model/recognizer";
import { sheetForms } from "../worker/reader/decode";
import { loadMovePrior } from "../worker/reader/prior";
import type { BoxReading } from "../worker/reader/read";
import { scoreGame, type GameScore } from "../worker/reader/score";
import { readSuppliedPage, SuppliedBoxesError, suppliedSheetSchema, type SuppliedSheet } from "../worker/reader/supplied";
import { readGameAdaptedToWriter } from "../worker/reader/writer";

/**
 * Reads score sheets on any form, the positions of their move boxes supplied (worker/reader/supplied.ts), and prints
 * each game as read, its flagged moves marked; where a sheet's description gives the moves written, also how many
 * were read right, flagged, and right among the unflagged, per sheet and over all (README, "Real sheets on other forms").
 *   npm run read -- <sheet.json>… [--json]
 * A sheet's description (photos relative to it):
 *   { "language": "EN", "pages": [{ "photo": "a.jpg", "boxes": [{ "move": 1, "side": "w", "x": 212, "y": 540, "w": 260, "h": 48 }, …] }],
 *     "otherPlayer": [{ "photo": "b.jpg", "boxes": […] }], "moves": "1. e4 e5 2. Nf3 …" }
 * Exit status: 0 read, 3 a bad description or photo.
 */
const USAGE = "usage: npm run read -- <sheet.json>… [--json]";
/** A photo larger than this is no phone's or scanner's page. */
const MAX_PHOTO_BYTES = 40 * 1024 * 1024;
/** A description larger than this holds more than the schema allows (4 + 4 pages of 600 boxes, 20,000 characters of moves). */
const MAX_DESCRIPTION_BYTES = 2 * 1024 * 1024;

const args = process.argv.slice(2);
const json = args.includes("--json");
const files = args.filter((arg) => arg !== "--json");
const fail = (message: string): never => {
  console.error(message);
  process.exit(3);
};
if (files.length === 0 || files.some((file) => file.startsWith("-"))) fail(USAGE);

function readDescription(file: string): SuppliedSheet {
  let text = "";
  try {
    if (statSync(file).size > MAX_DESCRIPTION_BYTES) fail(`${file}: over ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB, too large for a sheet's description`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(`${file}: not JSON: ${(error as Error).message}`);
  }
  const parsed = suppliedSheetSchema.safeParse(value);
  if (!parsed.success) fail(parsed.error.issues.map((issue) => `${file}: ${issue.path.join(".") || "(sheet)"}: ${issue.message}`).join("\n"));
  return parsed.data!;
}

function readPhoto(file: string): Uint8Array {
  try {
    if (statSync(file).size > MAX_PHOTO_BYTES) fail(`${file}: over ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
    return readFileSync(file);
  } catch (error) {
    return fail(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** The moves written, from the description's PGN movetext or SAN. */
function writtenMoves(file: string, moves: string): string[] {
  const { games, errors } = readPgn(moves);
  if (errors.length > 0 || games.length !== 1) fail(`${file}: moves: ${errors[0]?.message ?? "not one game"}`);
  return games[0].moves.map((move) => move.san);
}

type Tally = Omit<GameScore, "entirelyRight"> & { boxes: number; boxesAsWritten: number; games: number; gamesRight: number };
const total: Tally = { written: 0, right: 0, flagged: 0, unflagged: 0, unflaggedRight: 0, boxes: 0, boxesAsWritten: 0, games: 0, gamesRight: 0 };
const pct = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);

const recognizers = await loadRecognizers();
const head = recognizerHead(recognizers.moves);
const prior = await loadMovePrior();

for (const file of files) {
  const sheet = readDescription(file);
  const truth = sheet.moves === undefined ? null : writtenMoves(file, sheet.moves);
  const readPages = async (pages: SuppliedSheet["pages"]) => {
    const read: { moves: BoxReading[]; normalised?: BoxReading[] }[] = [];
    for (const page of pages) {
      try {
        read.push(await readSuppliedPage(readPhoto(path.resolve(path.dirname(file), page.photo)), page.boxes, recognizers.moves));
      } catch (error) {
        if (error instanceof SuppliedBoxesError) fail(`${file}: ${page.photo}: ${error.message}`);
        fail(`${file}: ${page.photo}: cannot read the photo: ${(error as Error).message}`);
      }
    }
    return read;
  };
  const own = await readPages(sheet.pages);
  const other = await readPages(sheet.otherPlayer);
  const { game } = await readGameAdaptedToWriter([...own, ...other], sheet.language, head, { prior });
  const movetext = game.moves.map((move) => `${move.ply % 2 === 0 ? `${move.ply / 2 + 1}. ` : ""}${move.san}${move.flagged ? "?" : ""}`).join(" ");
  const flagged = game.moves.filter((move) => move.flagged).length;
  let tally: Tally | null = null;
  if (truth) {
    const { entirelyRight, ...counts } = scoreGame(game, truth);
    tally = { ...counts, boxes: 0, boxesAsWritten: 0, games: 1, gamesRight: Number(entirelyRight) };
    const from = squaresLeft(truth);
    for (const box of own.flatMap((page) => page.moves)) {
      if (box.ply >= truth.length) continue;
      tally.boxes++;
      if (sheetForms(truth[box.ply], sheet.language, { from: from[box.ply] }).some((form) => form.replace(/Ş/g, "S") === box.text)) tally.boxesAsWritten++;
    }
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
  }
  if (json) {
    console.log(JSON.stringify({ sheet: file, unfamiliarHand: game.unfamiliarHand, moves: game.moves.map(({ ply, san, confidence, flagged }) => ({ ply, san, confidence, flagged })), tally }));
    continue;
  }
  console.log(`${file}: ${game.moves.length} moves read, ${flagged} flagged (marked ?)${game.unfamiliarHand ? ", the hand unlike any the reader knows: every move flagged" : ""}`);
  console.log(`  ${movetext}`);
  if (tally) console.log(`  ${describe(tally)}`);
}
if (!json && total.games > 1) console.log(`all ${total.games} sheets: ${describe(total)}, games entirely right ${total.gamesRight} of ${total.games}`);

function describe(tally: Tally): string {
  return `moves right ${tally.right} of ${tally.written} written (${pct(tally.right, tally.written)}), flagged ${pct(tally.flagged, tally.written)}, unflagged right ${tally.unflaggedRight} of ${tally.unflagged} (${pct(tally.unflaggedRight, tally.unflagged)}), boxes read exactly as written ${pct(tally.boxesAsWritten, tally.boxes)}`;
}
