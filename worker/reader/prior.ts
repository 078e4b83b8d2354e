import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { TRAIT_KINDS } from "./board";
import { positionKey } from "./positions";

/**
 * What players write is what they meant to play, and real games open along known lines: a prior over
 * a position's legal moves, weighed against the recognizer in the decoding. Where an opening book
 * built from real games (worker/train/prior.ts) knows the position, its moves take most of the
 * probability by how often they were played, and a move no book player chose keeps a share, so that
 * it is unlikely, not impossible. Out of the book a move is as likely as its traits make it (board.ts,
 * moveTraits; weights by worker/train/traits.ts): players take and check more often than chance, and seldom leave
 * the piece moved, or another, to be won, which makes a box read between a move that loses the queen and one that does
 * not lean to the second (README, "What a move does"); without such weights every legal move is as likely as another.
 * Either way it is a probability: a game's prior is the product of its moves', and a game in the book is not held less
 * likely than one that has left it.
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
  /** `traits`: out of the book, each combination of a move's traits' log-weight (board.ts, moveTraits; none: every move alike). */
  constructor(
    private readonly book: OpeningBook,
    readonly weight = PRIOR_WEIGHT,
    readonly traits?: readonly number[],
  ) {}

  /**
   * What the prior adds to the log-likelihood of each legal move (SAN, all of the position's) in the
   * position of `fen`: its weighted log-probability. Out of the book each move by its `traits` (moveTraits, in the
   * same order), or, without them or weights of them, every legal move alike (1 / their number).
   */
  scores(fen: string, sans: readonly string[], traits?: Uint8Array): Float64Array {
    const moves = this.book[positionKey(fen)];
    if (!moves) return this.outOfBook(sans.length, traits);
    const total = sans.reduce((sum, san) => sum + (moves[san] ?? 0), 0);
    const share = total > 0 ? BOOK_SHARE : 0;
    const scores = new Float64Array(sans.length);
    for (let i = 0; i < sans.length; i++) scores[i] = this.weight * Math.log((1 - share) / sans.length + (share * (moves[sans[i]] ?? 0)) / (total || 1));
    return scores;
  }

  /** Out of the book: each move by its traits' weight, or every move alike. */
  private outOfBook(count: number, traits?: Uint8Array): Float64Array {
    const weights = this.traits;
    if (!weights || !traits) return new Float64Array(count).fill(this.weight * Math.log(1 / count));
    // plain loops: a typed array made with a mapping function (from, map) took several times as long, thousands of times a game
    const scores = new Float64Array(count);
    let sum = 0;
    for (let i = 0; i < count; i++) sum += Math.exp((scores[i] = weights[traits[i]]));
    const total = Math.log(sum);
    for (let i = 0; i < count; i++) scores[i] = this.weight * (scores[i] - total);
    return scores;
  }
}

/** Where the shipped book lives (written by `npm run train:prior`). */
export const SHIPPED_PRIOR_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "../model/prior");
export const PRIOR_FILE = "book.json.gz";

/** The weights of what a move does (written by `npm run train:traits`), beside the book. */
export const TRAITS_FILE = "traits.json";

/** The shipped prior, or the one in `dir`: its book, and its weights of what a move does where `dir` has them (`traits: false`, the book alone). */
export async function loadMovePrior(dir = SHIPPED_PRIOR_DIR, { traits = true } = {}): Promise<MovePrior> {
  const book = JSON.parse(gunzipSync(await readFile(path.join(dir, PRIOR_FILE))).toString("utf8")) as OpeningBook;
  const file = path.join(dir, TRAITS_FILE);
  return new MovePrior(book, PRIOR_WEIGHT, traits && existsSync(file) ? traitWeights(JSON.parse(await readFile(file, "utf8"))) : undefined);
}

/** The weights of a traits file: one finite number for each combination of traits. */
function traitWeights(value: unknown): number[] {
  if (!Array.isArray(value) || value.length !== TRAIT_KINDS || !value.every((weight) => typeof weight === "number" && Number.isFinite(weight))) {
    throw new Error(`${TRAITS_FILE}: ${TRAIT_KINDS} finite numbers expected`);
  }
  return value;
}
