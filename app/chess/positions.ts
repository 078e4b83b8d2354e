import { Chess } from "chess.js";
import { pick, seededRandom } from "./random";

/**
 * Positions for tests and benchmarks: those along seeded random games, plus positions with
 * promotions (with and without capture), both castlings, en passant, and disambiguation by
 * file, by rank and by both.
 */
export const SPECIAL_POSITIONS = [
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", // all four castlings
  "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
  "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", // en passant
  "4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 2",
  "1r2k3/P7/8/8/8/8/7p/4K1R1 w - - 0 1", // promotions with and without capture
  "1r2k3/P7/8/8/8/8/7p/4K1R1 b - - 0 1",
  "4k3/8/8/8/8/8/8/QK1Q3Q w - - 0 1", // three queens on a rank: file disambiguation
  "7k/8/Q7/8/Q3Q3/8/8/K7 w - - 0 1", // queens needing rank and both
  "k7/8/3N1N2/8/3N1N2/8/8/K7 w - - 0 1", // knights: file, rank and both
  "4k3/8/8/8/8/8/R6R/4K3 w - - 0 1", // rooks: file
  "4k3/R7/8/8/8/8/R7/4K3 w - - 0 1", // rooks: rank
];

export function samplePositions(count: number, seed = 7): Chess[] {
  const random = seededRandom(seed);
  const positions = SPECIAL_POSITIONS.map((fen) => new Chess(fen));
  while (positions.length < count) {
    const chess = new Chess();
    const plies = 5 + Math.floor(random() * 80);
    for (let i = 0; i < plies && !chess.isGameOver(); i++) {
      chess.move(pick(random, chess.moves()));
      if (i % 7 === 6 && !chess.isGameOver()) positions.push(new Chess(chess.fen()));
    }
  }
  return positions.slice(0, count);
}
