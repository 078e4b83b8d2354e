import { BLACK, Chess, WHITE, type Color, type Square } from "chess.js";
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
/** Boards kept with their generated moves, for playing those moves: the positions of the last ply or two, at most a few hundred. */
const BOARDS = 1_000;

/**
 * chess.js's own move generation, which its public `moves` and `move` wrap: `moves()` makes and takes back
 * every move twice (once to see that it is legal, once to see whether it checks, for its SAN) and `move(san)`
 * lists the legal moves again twice and writes two FENs, where a decoder only needs each move made once and the
 * board read (chess.js's `Move` uses these the same way). Pinned by the lockfile; positions.test.ts checks
 * every position of random games against the public interface.
 */
type Generated = { readonly __generated: unique symbol };
interface Generator {
  _moves(options: { legal: boolean; square?: Square }): Generated[];
  _moveToSan(move: Generated, moves: Generated[]): string;
  _makeMove(move: Generated): void;
  _undoMove(): void;
  _isKingAttacked(color: Color): boolean;
  isCheck(): boolean;
  isCheckmate(): boolean;
}
const generator = (board: Chess) => board as unknown as Generator;

/** A square of chess.js's board (0x88: a8 = 0, h1 = 119) and what stands there. */
type Squares = readonly ({ type: string; color: Color } | undefined)[];
const KNIGHT_STEPS = [-33, -31, -18, -14, 14, 18, 31, 33];
const KING_STEPS = [-17, -16, -15, -1, 1, 15, 16, 17];
const DIAGONALS = [-17, -15, 15, 17];
const LINES = [-16, -1, 1, 16];
/** Off the board in 0x88 (also every negative square and any past h1 that a step reaches). */
const off = (square: number) => (square & 0x88) !== 0;

/** Whether the first piece along `step` from `square` is one of `color`'s `types`. */
function slidesTo(board: Squares, color: Color, square: number, step: number, types: string): boolean {
  for (let at = square + step; !off(at); at += step) {
    const piece = board[at];
    if (piece) return piece.color === color && types.includes(piece.type);
  }
  return false;
}

/** Whether a piece of `color` on one of the squares `steps` from `square` is a `type`. */
function standsOn(board: Squares, color: Color, square: number, steps: readonly number[], type: string): boolean {
  for (const step of steps) {
    const piece = off(square + step) ? undefined : board[square + step];
    if (piece?.color === color && piece.type === type) return true;
  }
  return false;
}

/** The squares a pawn of each side attacks from, seen from the attacked square: a white pawn takes towards the eighth rank (lower squares). */
const PAWN_STEPS: Record<Color, readonly number[]> = { w: [15, 17], b: [-15, -17] };

/**
 * Whether `color` attacks `square`, looked for from the square outward (a knight's, a pawn's and a king's squares
 * and the first piece along each line), where chess.js's `_attacked` asks each of the board's squares.
 */
function attacks(board: Squares, color: Color, square: number): boolean {
  if (standsOn(board, color, square, KNIGHT_STEPS, "n") || standsOn(board, color, square, PAWN_STEPS[color], "p") || standsOn(board, color, square, KING_STEPS, "k")) return true;
  for (const step of DIAGONALS) if (slidesTo(board, color, square, step, "bq")) return true;
  for (const step of LINES) if (slidesTo(board, color, square, step, "rq")) return true;
  return false;
}

/**
 * A board for decoding: chess.js without its Zobrist hash of the position, which it updates in BigInts on every
 * move made and taken back (for threefold repetition, which a decoder never asks about): its keys are all zero.
 * A third of a decoding's time (README, "Decoding in less time"). Whether a square is attacked (every move's
 * legality and check) is looked for from the square (`attacks`); chess.js's own answer lists the attackers.
 */
export class Board extends Chess {}
const ZERO_KEY = () => 0n;
type Attacked = (this: Chess, color: Color, square: number, verbose?: boolean) => boolean | string[];
const listingAttackers = (Chess.prototype as unknown as { _attacked: Attacked })._attacked;
const attacked: Attacked = function (color, square, verbose) {
  return verbose ? listingAttackers.call(this, color, square, verbose) : attacks((this as unknown as { _board: Squares })._board, color, square);
};
Object.assign(Board.prototype, { _pieceKey: ZERO_KEY, _epKey: ZERO_KEY, _castlingKey: ZERO_KEY, _attacked: attacked });

/** Whether the side to move has a legal move, its king's looked at first. */
function canMove(board: Chess): boolean {
  const king = board.findPiece({ type: "k", color: board.turn() })[0];
  return generator(board)._moves({ legal: true, square: king }).length > 0 || generator(board)._moves({ legal: true }).length > 0;
}

/** After each legal move of the side to move: nothing, check or mate (a SAN's mark). */
type Mark = "" | "+" | "#";

/** The legal moves of `board`'s position with the mark each gives: each pseudo-legal move made and taken back once. */
function legalMoves(board: Chess): { moves: Generated[]; marks: Mark[] } {
  const moving = generator(board);
  const us = board.turn();
  const them = us === WHITE ? BLACK : WHITE;
  const moves: Generated[] = [];
  const marks: Mark[] = [];
  for (const move of moving._moves({ legal: false })) {
    moving._makeMove(move);
    if (!moving._isKingAttacked(us)) {
      moves.push(move);
      // a checked king can mostly step away, which is far quicker to find than all the other side's moves
      marks.push(moving._isKingAttacked(them) ? (canMove(board) ? "+" : "#") : "");
    }
    moving._undoMove();
  }
  return { moves, marks };
}

/**
 * chess.js's SAN of each move with the mark already known: its `_moveToSan` on a view of the board whose
 * making and taking back is skipped and whose check and mate are the mark's.
 */
function sansOf(board: Chess, { moves, marks }: { moves: Generated[]; marks: Mark[] }): string[] {
  let mark: Mark = "";
  const view: Generator = Object.create(board);
  view._makeMove = () => {};
  view._undoMove = () => {};
  view.isCheck = () => mark !== "";
  view.isCheckmate = () => mark === "#";
  return moves.map((move, i) => {
    mark = marks[i];
    return view._moveToSan(move, moves);
  });
}

/** The square a generated move leaves (chess.js's 0x88 index: a8 = 0, h1 = 119). */
const originOf = (move: Generated) => {
  const from = (move as unknown as { from: number }).from;
  return `${"abcdefgh"[from & 7]}${8 - (from >> 4)}`;
};

/** A position's legal moves: their SANs and the squares they leave, in the same order. */
type Legal = { sans: string[]; origins: string[] };
type Listed = Legal & { board: Chess; generated: Generated[] };

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

  private readonly legal = new Map<string, Legal>();
  private readonly priors = new Map<string, Float64Array>();
  private readonly after = new Map<string, string>();
  /** The boards of positions listed lately, with chess.js's moves in the order of their SANs. */
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
      const { sans, board, generated } = this.boards.get(fen) ?? this.list(fen);
      const move = generated[sans.indexOf(san)];
      if (!move) throw new Error(`Illegal move ${san} in ${fen}`);
      generator(board)._makeMove(move);
      next = board.fen();
      generator(board)._undoMove();
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
    // every FEN here is chess.js's own (the start, or one `play` wrote): checking it again is a waste
    const board = new Board(fen, { skipValidation: true });
    const legal = legalMoves(board);
    const listed = { sans: sansOf(board, legal), origins: legal.moves.map(originOf), board, generated: legal.moves };
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
