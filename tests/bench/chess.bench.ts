/**
 * Chess core benchmark (npm run bench:chess): PGN games read and validated per second by the
 * chess core versus chess.js loadPgn alone on the same corpus in the same run, and moves read
 * per second from text in each notation language, and the legal moves of positions listed with their SAN as the
 * reader's decoder lists them (worker/reader/board.ts, through positions.ts) against chess.js's public `moves()` in the same run.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Chess } from "chess.js";
import { NOTATION_LANGUAGES } from "~/chess/languages";
import { readPgn } from "~/chess/pgn";
import { samplePositions } from "~/chess/positions";
import { printMove } from "~/chess/print";
import { readMove } from "~/chess/read";
import { Positions } from "../../worker/reader/positions";
import { format, perSecond } from "./measure";

const fullCorpus = readFileSync(path.resolve("app/chess/testdata/corpus.pgn"), "utf8");
const loads = (text: string) => {
  try {
    new Chess().loadPgn(text);
    return true;
  } catch {
    return false;
  }
};
// Compared on the games chess.js itself accepts (its grammar has no escaped quotes in tags).
const allTexts = fullCorpus.split(/\n(?=\[Event )/);
const gameTexts = allTexts.filter(loads);
const corpus = gameTexts.join("\n");
const gameCount = readPgn(corpus).games.length;

const ours = perSecond(() => readPgn(corpus).games.length);
const chessJs = perSecond(() => {
  for (const text of gameTexts) new Chess().loadPgn(text);
  return gameTexts.length;
});

console.log(`PGN (${gameCount} games, ${format(corpus.length / 1024)} KiB; ${allTexts.length - gameTexts.length} corpus games left out that chess.js cannot read)`);
console.log(`  chess core readPgn:   ${format(ours)} games/s`);
console.log(`  chess.js loadPgn:     ${format(chessJs)} games/s`);
const chessJsWithSan = perSecond(() => {
  const chess = new Chess();
  for (const text of gameTexts) {
    chess.loadPgn(text);
    chess.history();
  }
  return gameTexts.length;
});
console.log(`  chess.js loadPgn + history (standard SAN out, as the core returns): ${format(chessJsWithSan)} games/s`);
console.log(`  time per game, chess core / chess.js loadPgn alone: ${format(chessJs / ours, 2)}x  (aim: ≤ 1.5x)`);

const positions = samplePositions(100, 11);
const cases = positions.flatMap((chess) => chess.moves().map((san) => ({ chess, san })));
console.log(`Move text reading (${cases.length} moves of ${positions.length} positions)`);
for (const language of NOTATION_LANGUAGES) {
  const texts = cases.map(({ chess, san }) => ({ chess, text: printMove(san, language) }));
  const rate = perSecond(() => {
    for (const { chess, text } of texts) readMove(chess, text, language);
    return texts.length;
  }, 800);
  console.log(`  ${language.padEnd(6)} ${format(rate)} moves/s`);
}

const fens = samplePositions(2000, 13).map((chess) => chess.fen());
const publicMoves = perSecond(() => {
  for (const fen of fens) new Chess(fen).moves();
  return fens.length;
});
// a fresh memory each pass: every position listed, none remembered
const decoderMoves = perSecond(() => {
  const listing = new Positions(undefined, fens.length + 1);
  for (const fen of fens) listing.moves(fen);
  return fens.length;
});
console.log(`Legal moves with SAN (${fens.length} positions)`);
console.log(`  chess.js new Chess(fen).moves(): ${format(publicMoves)} positions/s`);
console.log(`  reader's decoder (its own board on a typed array): ${format(decoderMoves)} positions/s (${format(decoderMoves / publicMoves, 2)}x)`);
