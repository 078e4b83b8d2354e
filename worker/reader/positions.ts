import { fenAfter, legalMoves, parseFen, squareName, type Move, type Position } from "./board";
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
/** Boards kept with their listed moves, for playing those moves: the positions of the last ply or two, at most a few hundred. */
const BOARDS = 1_000;

/** A position's legal moves: their SANs and the squares they leave, in the same order. */
type Legal = { sans: string[]; origins: string[] };
type Listed = Legal & { position: Position; listed: Move[] };

/**
 * The legal moves of positions and the positions they lead to, by FEN, remembered for the decodings of
 * one game: the decoding after adapting to the writer follows mostly the games the first one followed,
 * and listing moves is most of a decoding's time.
 */
export class Positions {
  /** `prior`: what players choose in a position (prior.ts), remembered with its moves. */
  constructor(
    private readonly prior?: MovePrior,
    private readonly remembered = REMEMBERED,
  ) {}

  private readonly legal = new Map<string, Legal>();
  private readonly priors = new Map<string, Float64Array>();
  private readonly after = new Map<string, string>();
  /** The positions listed lately, with their moves in the order of their SANs. */
  private readonly boards = new Map<string, Listed>();

  /** The legal moves (SAN) in the position of `fen`. */
  moves(fen: string): string[] {
    return (this.legal.get(fen) ?? this.list(fen)).sans;
  }

  /** The square each of `moves(fen)` leaves (what long algebraic notation writes first). */
  origins(fen: string): string[] {
    return (this.legal.get(fen) ?? this.list(fen)).origins;
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
      const { sans, position, listed } = this.boards.get(fen) ?? this.list(fen);
      const move = listed[sans.indexOf(san)];
      if (!move) throw new Error(`Illegal move ${san} in ${fen}`);
      next = fenAfter(position, move);
      if (this.after.size >= this.remembered) this.forget();
      this.after.set(key, next);
    }
    return next;
  }

  /** How many positions' moves are remembered. */
  get size(): number {
    return this.legal.size;
  }

  private list(fen: string): Listed {
    // every FEN here is chess.js's own or written as chess.js writes it (the start, or one `play` wrote): checking it is a waste
    const position = parseFen(fen);
    const { moves, sans } = legalMoves(position);
    const listed = { sans, origins: moves.map((move) => squareName(move.from)), position, listed: moves };
    if (this.legal.size >= this.remembered) this.forget();
    this.legal.set(fen, { sans: listed.sans, origins: listed.origins });
    if (this.boards.size >= BOARDS) this.boards.clear();
    this.boards.set(fen, listed);
    return listed;
  }

  private forget() {
    this.legal.clear();
    this.priors.clear();
    this.after.clear();
    this.boards.clear();
  }
}
