/**
 * Score-sheet reader benchmark: held-out synthetic sheets (hands never used in training, all eight
 * notation languages, photographed) read by the shipped model, for each kind of hand: handwriting
 * fonts, joined ones, pen-drawn writers in print style, pen-drawn cursive, and fonts made from people's hands that
 * Debian packages (`debian`: never calibrated on either; worker/synth/fonts.ts says which packages). Per kind: detection, raw and decoded
 * moves, decoded before and after adapting to the writer, round and board numbers (and the pages that would go to
 * their pairing without asking), games right, flagged moves (also by notation language and by hand), unflagged right, sheets read in their writer's notation language, sheets flagged whole, games read shorter than written, both sheets, the other player's sheet placed by its moves, another game's sheet
 * beside a player's (named as another game's, or not), and a
 * calibration table (moves at or above a confidence, and the share of them right); seconds a page by the clock and of the process's CPU, the
 * slowest sheet's decoding, and seconds a page in references: fixed work
 * timed after every sheet (machineReference.ts), so that runs in a slower hour of the machine compare.
 * Run: npm run bench:reader [-- --sheets 64 --kinds fonts,joined,print,cursive,debian,debian2 --model dir --header dir --first 0 --games random
 * --notation short --prior shipped] (`--model`, `--header`: another move-box or header recognizer; `--first 1000`: the held-out sheets from
 * index 1000 on, where choices are made, not the benchmark's; `--games openings`: games that open as real games do, an
 * ECO line, before random play; `--games engine`: whole games of an engine playing as a club player; `--notation long`: both players write long algebraic, Ng1-f3; `--notation unnamed`: short, never naming which of two pieces moves (Nd2 for Nbd2); `--digits real`: the writers' digits are real people's, never trained on; `--bend 3`: every page photographed bowed, sagging 3 mm in its middle; `--ep`: every writer marks a capture en passant, exd6 e.p.; `--draws`: every writer notes a draw offered once or twice, (=); `--colons`: every writer marks captures with a colon, e:d5; `--slip square`: the player whose sheet is read writes one move with a wrong square (Bd7 for Bc6), `--slip skip`: leaves one whole move out, the moves after it a row early; `--slip row`: leaves a row of the form blank, the moves after it a row late; `--slip twice`: writes one whole move again in the row below, the moves after it a row late; `--given EN`: every sheet uploaded as written in English, whatever its writer's language (the reader finds another where the sheet's boxes fit it far better); `--prior none`: decoded without the move prior; `--prior book`: with the opening book alone, not what a move does)
 */
import { parseArgs } from "node:util";
import type { DecodedGame } from "../../worker/reader/decode";
import { readPage, type PageReading } from "../../worker/reader/read";
import { readGameAdaptedToWriter } from "../../worker/reader/writer";
import { isNotationLanguage, NOTATION_LANGUAGES } from "../../app/chess/languages";
import { loadRecognizers, recognizerHead } from "../../worker/model/recognizer";
import { loadMovePrior } from "../../worker/reader/prior";
import { describeThresholds, SHIPPED_CALIBRATION } from "../../worker/reader/calibration";
import { HELD_OUT_GAMES, HELD_OUT_HANDS, HELD_OUT_NOTATIONS, heldOutSheet, type HeldOutGames, type HeldOutKind, type HeldOutDigits, type HeldOutNotation } from "../../worker/synth/heldout";
import type { SyntheticPage, WriterSlip } from "../../worker/synth/sheet";
import { AUTO_ASSIGN_CONFIDENCE, sureNumbers } from "../../app/sheets/assignment";
import { gameWritten } from "../../app/sheets/sameGame";
import { machineReference } from "./machineReference";

const { values } = parseArgs({
  options: { sheets: { type: "string", default: "64" }, kinds: { type: "string", default: Object.keys(HELD_OUT_HANDS).join(",") }, model: { type: "string" }, header: { type: "string" }, first: { type: "string", default: "0" }, games: { type: "string", default: "random" }, notation: { type: "string", default: "short" }, digits: { type: "string", default: "hand" }, bend: { type: "string", default: "0" }, ep: { type: "boolean", default: false }, draws: { type: "boolean", default: false }, colons: { type: "boolean", default: false }, slip: { type: "string" }, prior: { type: "string", default: "shipped" }, given: { type: "string" } },
});
const SHEETS = Number(values.sheets);
const FIRST = Number(values.first);
const KINDS = values.kinds!.split(",") as HeldOutKind[];
const GAMES = values.games as HeldOutGames;
if (!HELD_OUT_GAMES.includes(GAMES)) throw new Error(`--games: ${HELD_OUT_GAMES.join(", ")}, not ${GAMES}`);
const NOTATION = values.notation as HeldOutNotation;
if (!HELD_OUT_NOTATIONS.includes(NOTATION)) throw new Error(`--notation: ${HELD_OUT_NOTATIONS.join(", ")}, not ${NOTATION}`);
const DIGITS = values.digits as HeldOutDigits;
if (DIGITS !== "hand" && DIGITS !== "real") throw new Error(`--digits: hand or real, not ${DIGITS}`);
/** Every sheet uploaded as written in this notation language (a tournament's), whatever its writer's (--given EN). */
const GIVEN = values.given;
if (GIVEN !== undefined && !isNotationLanguage(GIVEN)) throw new Error(`--given: ${NOTATION_LANGUAGES.join(", ")}, not ${GIVEN}`);
const SLIP = values.slip as WriterSlip | undefined;
if (SLIP !== undefined && !["square", "skip", "row", "twice"].includes(SLIP)) throw new Error(`--slip: square, skip, row or twice, not ${SLIP}`);
const BEND = Number(values.bend);
if (!(BEND >= 0 && BEND <= 20)) throw new Error(`--bend: millimetres from 0 to 20, not ${values.bend}`);
/** The plies where the opening book can help: the first this many. */
const OPENING_PLIES = 20;
if (!["shipped", "book", "none"].includes(values.prior!)) throw new Error(`--prior: shipped, book or none, not ${values.prior}`);
const prior = values.prior === "none" ? undefined : await loadMovePrior(undefined, { traits: values.prior === "shipped" });
const recognizers = await loadRecognizers(values.model, values.header);
const head = recognizerHead(recognizers.moves);
const THRESHOLDS = [0.5, 0.9, 0.95, 0.98, 0.99, 0.999];

const pct = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);
/** Moves of decoded games against the truth: right, flagged, unflagged and right. */
type Tally = { right: number; openingRight: number; flagged: number; unflagged: number; unflaggedRight: number };
const emptyTally = (): Tally => ({ right: 0, openingRight: 0, flagged: 0, unflagged: 0, unflaggedRight: 0 });
function tally(into: Tally, game: DecodedGame, truth: readonly string[]): number {
  let right = 0;
  game.moves.forEach((move, ply) => {
    const ok = move.san === truth[ply];
    if (ok) right++;
    if (ok && ply < OPENING_PLIES) into.openingRight++;
    if (move.flagged) into.flagged++;
    else {
      into.unflagged++;
      if (ok) into.unflaggedRight++;
    }
  });
  into.right += right;
  return right;
}
const emptyCount = () => ({ pages: 0, layout: 0, boxes: 0, round: 0, board: 0, assigned: 0, assignedWrong: 0, boxesWritten: 0, rawRight: 0, plies: 0, decoded: emptyTally(), first: emptyTally(), adapted: 0, games: 0, gamesRight: 0, openingPlies: 0, unfamiliar: 0, missing: 0, cutShort: 0, ownPages: 0, pairPlies: 0, pair: emptyTally(), pairFirstRight: 0, pairs: 0, pairLeftOut: 0, pairSentBack: 0, pairsAligned: 0, afterSlip: 0, afterSlipTally: emptyTally(), slipRight: 0, slipFlagged: 0, mixed: 0, mixedSentBack: 0, mixedOwnSentBack: 0, byMoves: 0, byMovesRight: 0, byMovesWrong: 0, ownLanguage: 0, otherLanguage: [] as string[], seconds: 0, decodingSeconds: 0, cpuSeconds: 0, decodingCpuSeconds: 0, slowest: { seconds: 0, sheet: -1 }, confident: THRESHOLDS.map(() => 0), confidentRight: THRESHOLDS.map(() => 0), byLanguage: new Map<string, { plies: number; tally: Tally }>(), byHand: new Map<string, { plies: number; tally: Tally }>() });
let count = emptyCount();

/**
 * The process's CPU seconds since `start` (process.cpuUsage): what the work cost whatever else the machine ran meanwhile
 * (on our 2-core machines with two benchmarks at once the clock's seconds were some 2.5 times as many); alone on the
 * machine a fifth more than the clock's, V8's collector working on threads beside the main one.
 */
const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
};

async function readPages(pages: SyntheticPage[]): Promise<PageReading[]> {
  const readings: PageReading[] = [];
  for (const page of pages) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const reading = await readPage(page.jpeg, recognizers);
    count.seconds += Number(process.hrtime.bigint() - started) / 1e9;
    count.cpuSeconds += cpuSecondsSince(cpu);
    readings.push(reading);
    count.pages++;
    if (reading.layout.status === 2 && reading.layout.layout === page.page.layout && reading.layout.page === page.page.page) count.layout++;
    if (reading.boxes.status === 2) count.boxes++;
    if (reading.round.value === page.round) count.round++;
    if (reading.board.value === page.board) count.board++;
    const sure = sureNumbers(reading);
    if (sure) count.assigned++;
    if (sure && (sure.round !== page.round || sure.board !== page.board)) count.assignedWrong++;
    const written = new Map(page.written.map((w) => [(w.move - 1) * 2 + (w.side === "w" ? 0 : 1), w.text.replace(/Ş/g, "S")]));
    count.boxesWritten += written.size;
    for (const move of reading.moves) if (written.get(move.ply) === move.text) count.rawRight++;
  }
  return readings;
}

/** The machine's reference work, timed after every sheet: the machine's speed over the same minutes as the sheets'. */
const reference = await machineReference();
for (const kind of KINDS) {
  count = emptyCount();
  const referenceTimes: number[] = [];
  /** The other player's sheet of the game before in the same notation, in this game's pairing by mistake beside this player's. */
  const otherGameSheets = new Map<string, PageReading[]>();
  const languages = new Set<string>();
  const started = Date.now();
  const gamesRead: { index: number; moves: string[] }[] = [];
  for (let index = 0; index < SHEETS; index++) {
    const sheet = await heldOutSheet(FIRST + index, kind, { games: GAMES, notation: NOTATION, digits: DIGITS, bend: BEND, enPassant: values.ep, drawOffers: values.draws, colons: values.colons, slip: SLIP });
    const truth = sheet.pages[0].sans;
    languages.add(sheet.pages[0].language);
    const given = GIVEN ?? sheet.pages[0].language;
    const readings = await readPages(sheet.pages);
    count.ownPages += sheet.pages.length;
    const decodingStarted = process.hrtime.bigint();
    const decodingCpu = process.cpuUsage();
    const { game, first, adapted, languages: readIn } = await readGameAdaptedToWriter(readings, given, head, { prior });
    if (readIn[0] === sheet.pages[0].language) count.ownLanguage++;
    else count.otherLanguage.push(`${FIRST + index} ${sheet.pages[0].language} as ${readIn[0]}`);
    const decodingSeconds = Number(process.hrtime.bigint() - decodingStarted) / 1e9;
    count.decodingSeconds += decodingSeconds;
    count.decodingCpuSeconds += cpuSecondsSince(decodingCpu);
    if (decodingSeconds > count.slowest.seconds) count.slowest = { seconds: decodingSeconds, sheet: FIRST + index };
    tally(count.first, first, truth);
    if (adapted) count.adapted++;
    count.games++;
    count.plies += truth.length;
    count.openingPlies += Math.min(OPENING_PLIES, truth.length);
    const right = tally(count.decoded, game, truth);
    const slipAt = sheet.pages[0].slipAt;
    if (slipAt !== undefined) {
      count.afterSlip += truth.length - slipAt;
      tally(count.afterSlipTally, { ...game, moves: game.moves.slice(slipAt) }, truth.slice(slipAt));
      if (game.moves[slipAt]?.san === truth[slipAt]) count.slipRight++;
      if (game.moves[slipAt]?.flagged) count.slipFlagged++;
    }
    for (const [groups, key] of [[count.byLanguage, sheet.pages[0].language], [count.byHand, sheet.pages[0].font]] as const) {
      const group = groups.get(key) ?? { plies: 0, tally: emptyTally() };
      group.plies += truth.length;
      tally(group.tally, game, truth);
      groups.set(key, group);
    }
    game.moves.forEach((move, ply) =>
      THRESHOLDS.forEach((t, i) => {
        if (move.confidence < t) return;
        count.confident[i]++;
        if (move.san === truth[ply]) count.confidentRight[i]++;
      }),
    );
    if (game.unfamiliarHand) count.unfamiliar++;
    if (game.moves.length < truth.length) {
      count.cutShort++;
      count.missing += truth.length - game.moves.length;
    }
    if (right === truth.length && game.moves.length === truth.length) count.gamesRight++;
    gamesRead.push({ index, moves: game.moves.map((move) => move.san) });
    if (sheet.otherPlayer) {
      const other = await readPages(sheet.otherPlayer);
      // the other player's first page read alone, placed among this kind's games read so far (app/sheets/placing.server.ts)
      const alone = await readGameAdaptedToWriter(other.slice(0, 1), given, head, { prior });
      const placed = gameWritten(alone.game.moves.map((move) => move.san), gamesRead);
      count.byMoves++;
      if (placed?.index === index) count.byMovesRight++;
      else if (placed) count.byMovesWrong++;
      const { game: both, first: bothFirst, otherGames, boxPlies } = await readGameAdaptedToWriter([...readings, ...other], given, head, { prior });
      count.pairs++;
      if (boxPlies.some((plies) => plies)) count.pairsAligned++;
      if (both.leftOut.length) count.pairLeftOut++;
      if (otherGames.length) count.pairSentBack++;
      const otherGameSheet = otherGameSheets.get(sheet.pages[0].language);
      if (otherGameSheet) {
        const mixed = await readGameAdaptedToWriter([...readings, ...otherGameSheet], given, head, { prior });
        count.mixed++;
        if (mixed.otherGames.some((page) => page >= readings.length)) count.mixedSentBack++;
        if (mixed.otherGames.some((page) => page < readings.length)) count.mixedOwnSentBack++;
      }
      otherGameSheets.set(sheet.pages[0].language, other);
      count.pairPlies += truth.length;
      count.pairFirstRight += bothFirst.moves.filter((move, ply) => move.san === truth[ply]).length;
      tally(count.pair, both, truth);
    }
    referenceTimes.push(reference.time());
  }

  console.log(`Score-sheet reader, held-out hands "${kind}" (${HELD_OUT_HANDS[kind].join(", ")}), ${GAMES} games${DIGITS === "real" ? ", real people's digits" : ""}${BEND ? `, pages bowed ${BEND} mm` : ""}${values.ep ? ", captures en passant marked e.p." : ""}${values.draws ? ", draws offered noted (=)" : ""}${values.colons ? ", captures marked with a colon" : ""}${SLIP ? `, each player whose sheet is read slipping once (${{ square: "a wrong square", skip: "a move not written", row: "a row left blank", twice: "a move written twice" }[SLIP]})` : ""}, ${prior ? `with the move prior${prior.traits ? "" : " (the book alone)"}` : "without the move prior"}: ${SHEETS} sheets from ${FIRST}, ${count.pages} photographed pages, languages ${[...languages].join(", ")}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`  layout detected (right form and page): ${pct(count.layout, count.pages)}`);
  console.log(`  boxes detected:                        ${pct(count.boxes, count.pages)}`);
  console.log(`  round number right:                    ${pct(count.round, count.pages)}`);
  console.log(`  board number right:                    ${pct(count.board, count.pages)}`);
  console.log(`  to their pairing without asking:      ${pct(count.assigned, count.pages)} of pages, ${count.assignedWrong} of them to a wrong one (round and board together at least ${AUTO_ASSIGN_CONFIDENCE} sure)`);
  console.log(`  moves right, raw recognizer:           ${pct(count.rawRight, count.boxesWritten)} of ${count.boxesWritten} written boxes`);
  console.log(`  first decoding (before adapting):      ${pct(count.first.right, count.plies)} of ${count.plies} moves right, ${pct(count.first.flagged, count.plies)} flagged, unflagged right ${pct(count.first.unflaggedRight, count.first.unflagged)}`);
  console.log(`  moves right, adapted to the writer:    ${pct(count.decoded.right, count.plies)} (adapted reading kept on ${count.adapted} of ${count.games} sheets)`);
  console.log(`  first ${OPENING_PLIES} plies right:                ${pct(count.decoded.openingRight, count.openingPlies)}`);
  console.log(`  games read entirely right:             ${pct(count.gamesRight, count.games)} of ${count.games}`);
  console.log(`  moves flagged for review:              ${pct(count.decoded.flagged, count.plies)} (confidence ${describeThresholds(SHIPPED_CALIBRATION)}, or the hand unfamiliar)`);
  console.log(`  unflagged moves right:                 ${pct(count.decoded.unflaggedRight, count.decoded.unflagged)} (${count.decoded.unflaggedRight} of ${count.decoded.unflagged})`);
  console.log(`  by notation language (right / flagged): ${[...count.byLanguage].map(([language, { plies, tally }]) => `${language} ${pct(tally.right, plies)} / ${pct(tally.flagged, plies)}`).join(", ")}`);
  console.log(`  by hand (right / flagged / unflagged right): ${[...count.byHand].map(([hand, { plies, tally }]) => `${hand} ${pct(tally.right, plies)} / ${pct(tally.flagged, plies)} / ${pct(tally.unflaggedRight, tally.unflagged)} (${tally.unflagged - tally.unflaggedRight} wrong)`).join(", ")}`);
  console.log(`  read in their writer's notation language: ${count.ownLanguage} of ${count.games} sheets${GIVEN ? ` (each given as ${GIVEN})` : ""}${count.otherLanguage.length ? `; the others: ${count.otherLanguage.join(", ")}` : ""}`);
  console.log(`  sheets flagged whole (unfamiliar hand): ${count.unfamiliar} of ${count.games}`);
  console.log(`  games read shorter than written:       ${count.cutShort} of ${count.games} (${pct(count.missing, count.plies)} of the moves not read at all, neither right nor flagged)`);
  if (SLIP) {
    const { right, flagged, unflagged, unflaggedRight } = count.afterSlipTally;
    console.log(`  the move slipped on:                   right on ${count.slipRight}, flagged on ${count.slipFlagged} of ${count.games} sheets; from it on: ${pct(right, count.afterSlip)} of ${count.afterSlip} moves right, ${pct(flagged, count.afterSlip)} flagged, unflagged right ${pct(unflaggedRight, unflagged)} (${unflagged - unflaggedRight} wrong)`);
  }
  console.log(`  with both players' sheets:             ${pct(count.pair.right, count.pairPlies)} of ${count.pairPlies} moves right (first decoding ${pct(count.pairFirstRight, count.pairPlies)}), ${pct(count.pair.flagged, count.pairPlies)} flagged, unflagged right ${pct(count.pair.unflaggedRight, count.pair.unflagged)}; rows of the two sheets found apart (a move left out or written twice) in ${count.pairsAligned} of ${count.pairs} games`);
  console.log(`  the other player's sheet placed by its moves (sameGame, among the games of this kind read so far, each from one sheet): ${count.byMovesRight} of ${count.byMoves} in its own game, ${count.byMovesWrong} in another, the rest left to the organiser`);
  console.log(`  another game's sheet named (gamesApart): ${count.mixedSentBack + count.mixedOwnSentBack} of ${count.mixed} sheets beside one of another game (${count.mixedSentBack} the other game's, ${count.mixedOwnSentBack} this game's, the game read from the other); of ${count.pairs} games' both sheets ${count.pairSentBack} (sheets left out of the game read: ${count.pairLeftOut})`);
  const referenceMs = referenceTimes.reduce((sum, ms) => sum + ms, 0) / referenceTimes.length;
  const pageSeconds = count.seconds / count.pages + count.decodingSeconds / count.ownPages;
  console.log(`  seconds per page, one core:            ${(count.seconds / count.pages).toFixed(2)} reading, ${(count.decodingSeconds / count.ownPages).toFixed(2)} decoding and adapting (one player's pages); of the process's CPU ${(count.cpuSeconds / count.pages).toFixed(2)} and ${(count.decodingCpuSeconds / count.ownPages).toFixed(2)}; the slowest sheet's decoding and adapting ${count.slowest.seconds.toFixed(1)} s (sheet ${count.slowest.sheet})`);
  console.log(`  the machine meanwhile (fixed work on TensorFlow.js and chess.js after each sheet, tests/bench/machineReference.ts): ${referenceMs.toFixed(0)} ms on average (${Math.min(...referenceTimes).toFixed(0)}–${Math.max(...referenceTimes).toFixed(0)}); a page read and decoded = ${((1000 * pageSeconds) / referenceMs).toFixed(2)} references`);
  console.log(`  calibration, confidence ≥ t (share of moves / right): ${THRESHOLDS.map((t, i) => `${t}: ${pct(count.confident[i], count.plies)} / ${pct(count.confidentRight[i], count.confident[i])}`).join(", ")}`);
}
