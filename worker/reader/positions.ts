import { Chess } from "chess.js";
import type { MovePrior } from "./prior";

/**
 * A position as far as the rest of the game is concerned (and as an opening book knows it): the board,
 * who moves, castling and en passant rights.
 */
export const positionKey = (fen: string) => fen.split(" ").slice(0, 4).join(" ");

/**
 * Positions remembered at most by default: a game's decodings meet from a few hundred (a clear hand) to
 * about 11,000 (a cursive one), some 1.5 kB each; beyond, the memory starts afresh, so that no game holds
 * more than about 30 MB.
 */
const REMEMBERED = 20_000;
/** Boards kept for the positions not yet expanded: the next ply's, at most a few hundred. */
const BOARDS = 1_000;

/**
 * The legal moves of positions and the positions they lead to, by FEN, remembered for the decodings of
 * one game: the decoding after adapting to the writer follows mostly the games the first one followed,
 * and chess.js's move generation is most of a decoding's time.
 */
export class Positions {
  /** `prior`: what players choose in a position (prior.ts), remembered with its moves. */
  constructor(
    private readonly prior?: MovePrior,
    private readonly remembered = REMEMBERED,
  ) {}

  private readonly legal = new Map<string, string[]>();
  private readonly priors = new Map<string, Float64Array>();
  private readonly after = new Map<string, string>();
  /** Boards made by `play` whose moves are not listed yet: listing them needs no FEN parsed again. */
  private readonly made = new Map<string, Chess>();

  /** The legal moves (SAN) in the position of `fen`. */
  moves(fen: string): string[] {
    let moves = this.legal.get(fen);
    if (!moves) {
      moves = (this.made.get(fen) ?? new Chess(fen)).moves();
      if (this.legal.size >= this.remembered) this.forget();
      this.legal.set(fen, moves);
      this.made.delete(fen);
    }
    return moves;
  }

  /** What the prior adds to the log-likelihood of each of `moves(fen)` (MovePrior.scores), or null without a prior. */
  priorScores(fen: string): Float64Array | null {
    if (!this.prior) return null;
    let scores = this.priors.get(fen);
    if (scores === undefined) this.priors.set(fen, (scores = this.prior.scores(fen, this.moves(fen))));
    return scores;
  }

  /** The FEN after the legal move `san` in the position of `fen`. */
  play(fen: string, san: string): string {
    const key = `${fen}|${san}`;
    let next = this.after.get(key);
    if (next === undefined) {
      const chess = new Chess(fen);
      chess.move(san);
      next = chess.fen();
      if (this.after.size >= this.remembered) this.forget();
      this.after.set(key, next);
      if (this.made.size >= BOARDS) this.made.clear();
      if (!this.legal.has(next)) this.made.set(next, chess);
    }
    return next;
  }

  /** How many positions' moves are remembered. */
  get size(): number {
    return this.legal.size;
  }

  private forget() {
    this.legal.clear();
    this.priors.clear();
    this.after.clear();
    this.made.clear();
  }
}
