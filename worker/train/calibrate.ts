/**
 * Calibrates the reader's confidence (worker/reader/calibration.ts): reads held-out sheets of every kind
 * of hand (their hands never used in training; sheets from index 1000 on, apart from bench:reader's),
 * decodes each game from one player's sheet and, where the set has it, from both, and fits the logistic
 * model of whether a move is right from its evidence; then chooses the confidence under which moves are
 * flagged (a stricter one for games that fit their boxes badly, and one for moves read on both players' sheets) such
 * that the fewest are flagged while the
 * unflagged moves of every kind of hand in each kind of game (random play, real openings; over the notations, digits and
 * bends) are right at least `--aim` of the time, and those of every set (each notation, digits and bend too) at least
 * 99.5% (SET_FLOOR).
 * Prints, per set (kind of hand and of game), what the chosen calibration flags and how often the unflagged moves are right, also
 * as fit without that kind of hand (how it does on a hand it never saw), and writes
 * worker/model/calibration/calibration.json. Games of a hand the reader is lost on (flagged whole) are
 * left out: every move of theirs goes to a person anyway. `--games random,openings`: games of random play, and
 * games that open as real games do (the move prior weighs those); `engine` adds games an engine plays as a club player. `--notation short,long`: sheets written in short
 * algebraic, and by writers in long algebraic (Ng1-f3), each a set of its own; `--digits hand,real`: digits in the hand's
 * own shapes, and real people's (held-out MNIST digits), each a set of its own; `--bend 0,3`: pages photographed flat, and
 * bowed by so many mm (photo.ts), each a set of its own.
 * `--rows file` keeps the decoded moves' evidence there; `--refit file[,file…]` fits on moves kept so, without reading
 * again (two processes, `--games random` and `--games openings`, each with its `--rows`, use both cores).
 * Run: npm run train:calibration [-- --first 1000 --sheets 64 --kinds fonts,joined,print,cursive --games random,openings --notation short --digits hand --bend 0 --aim 0.995 --out dir --rows file | --refit file,…]
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadRecognizers, recognizerHead } from "../model/recognizer";
import { CALIBRATION_FILE, describeThresholds, SHIPPED_CALIBRATION_DIR, type Calibration } from "../reader/calibration";
import { loadMovePrior } from "../reader/prior";
import { readPage } from "../reader/read";
import { readGameAdaptedToWriter } from "../reader/writer";
import { CALIBRATED_KINDS, HELD_OUT_GAMES, HELD_OUT_HANDS, HELD_OUT_NOTATIONS, heldOutSheet, type HeldOutGames, type HeldOutDigits, type HeldOutKind, type HeldOutNotation } from "../synth/heldout";
import type { SyntheticPage } from "../synth/sheet";
import { chooseThresholds, fitCalibration, flagging, type CalibrationRow } from "./calibration";

const { values } = parseArgs({
  options: {
    first: { type: "string", default: "1000" },
    sheets: { type: "string", default: "64" },
    kinds: { type: "string", default: CALIBRATED_KINDS.join(",") },
    games: { type: "string", default: "random,openings" },
    notation: { type: "string", default: "short" },
    digits: { type: "string", default: "hand" },
    bend: { type: "string", default: "0" },
    aim: { type: "string", default: "0.995" },
    out: { type: "string", default: SHIPPED_CALIBRATION_DIR },
    rows: { type: "string" },
    refit: { type: "string" },
  },
});
const [FIRST, SHEETS, AIM] = [Number(values.first), Number(values.sheets), Number(values.aim)];
const KINDS = values.kinds!.split(",") as HeldOutKind[];
for (const kind of KINDS) if (!(kind in HELD_OUT_HANDS)) throw new Error(`--kinds: ${Object.keys(HELD_OUT_HANDS).join(", ")}, not ${kind}`);
const GAMES = values.games!.split(",") as HeldOutGames[];
for (const games of GAMES) if (!HELD_OUT_GAMES.includes(games)) throw new Error(`--games: ${HELD_OUT_GAMES.join(", ")}, not ${games}`);
const NOTATIONS = values.notation!.split(",") as HeldOutNotation[];
for (const notation of NOTATIONS) if (!HELD_OUT_NOTATIONS.includes(notation)) throw new Error(`--notation: ${HELD_OUT_NOTATIONS.join(", ")}, not ${notation}`);
const DIGITS = values.digits!.split(",") as HeldOutDigits[];
for (const digits of DIGITS) if (digits !== "hand" && digits !== "real") throw new Error(`--digits: hand, real, not ${digits}`);
const BENDS = values.bend!.split(",").map(Number);
for (const bend of BENDS) if (!(bend >= 0 && bend <= 20)) throw new Error(`--bend: millimetres from 0 to 20, not ${bend}`);
if (!(FIRST >= 64 && SHEETS > 0 && AIM > 0.5 && AIM < 1)) throw new Error("--first ≥ 64 (apart from bench:reader's sheets), --sheets > 0, 0.5 < --aim < 1");

/** `kind` and `games`: the kind of hand and of game, whose unflagged moves must meet the aim together; `set`: also the notation, digits and bend. */
type Row = CalibrationRow & { sheets: "one" | "both"; set: string };
const setOf = (hand: HeldOutKind, games: HeldOutGames, notation: HeldOutNotation, digits: HeldOutDigits, bend: number) =>
  [hand, ...(games === "random" ? [] : [games]), ...(notation === "short" ? [] : [notation]), ...(digits === "hand" ? [] : ["real digits"]), ...(bend ? [`bowed ${bend} mm`] : [])].join(", ");

/** The decoded moves of the held-out sheets, from one player's sheet and from both. */
async function decodedMoves(): Promise<Row[]> {
  const recognizers = await loadRecognizers();
  const head = recognizerHead(recognizers.moves);
  const prior = await loadMovePrior();
  const readPages = async (pages: readonly SyntheticPage[]) => Promise.all(pages.map((page) => readPage(page.jpeg, recognizers)));
  const rows: Row[] = [];
  const started = Date.now();
  for (const kind of KINDS) for (const games of GAMES) for (const notation of NOTATIONS) for (const digits of DIGITS) for (const bend of BENDS) {
    const set = setOf(kind, games, notation, digits, bend);
    for (let index = FIRST; index < FIRST + SHEETS; index++) {
      const sheet = await heldOutSheet(index, kind, { games, notation, digits, bend: bend || undefined });
      const truth = sheet.pages[0].sans;
      const language = sheet.pages[0].language;
      const readings = await readPages(sheet.pages);
      const decodings: ["one" | "both", typeof readings][] = [["one", readings]];
      if (sheet.otherPlayer) decodings.push(["both", [...readings, ...(await readPages(sheet.otherPlayer))]]);
      for (const [sheets, pages] of decodings) {
        const { game } = await readGameAdaptedToWriter(pages, language, head, { prior });
        if (game.unfamiliarHand) continue;
        for (const move of game.moves) if (move.evidence) rows.push({ evidence: move.evidence, right: move.san === truth[move.ply], kind, games, set, sheets });
      }
    }
    console.log(`${set}: ${SHEETS} sheets read and decoded, ${((Date.now() - started) / 60000).toFixed(1)} min`);
  }
  return rows;
}

const rows: Row[] = values.refit ? (await Promise.all(values.refit.split(",").map(async (file) => JSON.parse(await readFile(file, "utf8")) as Row[]))).flat() : await decodedMoves();
if (values.rows) await writeFile(values.rows, JSON.stringify(rows));

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
function report(label: string, calibration: Calibration, set: string) {
  const parts = (["one", "both"] as const).map((sheets) => {
    const of = rows.filter((row) => row.set === set && row.sheets === sheets);
    if (of.length === 0) return null;
    const { flagged, unflaggedRight } = flagging(of, calibration);
    return `${sheets === "one" ? "one sheet" : "both sheets"} ${of.length} moves: ${pct(of.filter((row) => row.right).length / of.length)} right, ${pct(flagged)} flagged, unflagged right ${pct(unflaggedRight)}`;
  });
  console.log(`  ${set} (${label}): ${parts.filter(Boolean).join("; ")}`);
}

const calibration = fitCalibration(rows);
Object.assign(calibration, chooseThresholds(rows, calibration, AIM));
console.log(`fit on ${rows.length} moves; flagged ${describeThresholds(calibration)}; weights ${JSON.stringify(calibration.weights)}`);
const sets = [...new Set(rows.map((row) => row.set))];
for (const set of sets) report("fit on all", calibration, set);
const hands = [...new Set(rows.map((row) => row.kind))];
if (hands.length > 1) {
  for (const hand of hands) {
    const others = rows.filter((row) => row.kind !== hand);
    const without = fitCalibration(others);
    Object.assign(without, chooseThresholds(others, without, AIM));
    for (const set of sets.filter((set) => rows.some((row) => row.set === set && row.kind === hand))) report(`fit without this hand, flagged ${describeThresholds(without)}`, without, set);
  }
}
await mkdir(values.out!, { recursive: true });
await writeFile(path.join(values.out!, CALIBRATION_FILE), `${JSON.stringify(calibration, null, 2)}\n`);
console.log(`written to ${path.join(values.out!, CALIBRATION_FILE)}`);
