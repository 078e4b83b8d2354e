import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { positionKey } from "./positions";

/**
 * What players write is what they meant to play, and real games open along known lines: a prior over
 * a position's legal moves, weighed against the recognizer in the decoding. Where an opening book
 * built from real games (worker/train/prior.ts) knows the position, its moves take most of the
 * probability by how often they were played, and a move no book player chose keeps a share, so that
 * it is unlikely, not impossible; out of the book every legal move is as likely as another. Either
 * way it is a probability: a game's prior is the product of its moves', and a game in the book is not
 * held less likely than one that has left it (README, "Chess knowledge": a model of plausible moves
 * everywhere was tried and cost moves on games not played to a plan).
 */

/** An opening book: by position (positionKey), the moves played (SAN) and their weights. */
export type OpeningBook = Record<string, Record<string, number>>;

/** The book's share of a book position's probability; the rest is spread evenly over all legal moves. */
export const BOOK_SHARE = 0.8;
/**
 * How much the prior's log-probability counts beside the recognizer's log-likelihood: as a probability
 * (chosen on held-out sheets, README "Chess knowledge").
 */
export const PRIOR_WEIGHT = 1;

export class MovePrior {
  constructor(
    private readonly book: OpeningBook,
    readonly weight = PRIOR_WEIGHT,
  ) {}

  /**
   * What the prior adds to the log-likelihood of each legal move (SAN, all of the position's) in the
   * position of `fen`: its weighted log-probability. Out of the book every legal move is as likely as
   * another (1 / their number).
   */
  scores(fen: string, sans: readonly string[]): Float64Array {
    const moves = this.book[positionKey(fen)];
    // most positions of a game are out of the book: every move alike
    if (!moves) return new Float64Array(sans.length).fill(this.weight * Math.log(1 / sans.length));
    const total = sans.reduce((sum, san) => sum + (moves[san] ?? 0), 0);
    const share = total > 0 ? BOOK_SHARE : 0;
    return Float64Array.from(sans, (san) => this.weight * Math.log((1 - share) / sans.length + (share * (moves[san] ?? 0)) / (total || 1)));
  }
}

/** Where the shipped book lives (written by `npm run train:prior`). */
export const SHIPPED_PRIOR_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "../model/prior");
export const PRIOR_FILE = "book.json.gz";

export async function loadMovePrior(dir = SHIPPED_PRIOR_DIR): Promise<MovePrior> {
  return new MovePrior(JSON.parse(gunzipSync(await readFile(path.join(dir, PRIOR_FILE))).toString("utf8")) as OpeningBook);
}
