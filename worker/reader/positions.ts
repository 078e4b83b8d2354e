import { fenAfter, legalMoves, moveTraits, parseFen, squareName, type Move, type Position } from "./board";
import type { MovePrior } from "./prior";

/**
 * A position as far as the rest of the game is concerned (and as an opening book knows it): the board,
 * who moves, castling and en passant rights.
 */
export function positionKey(fen: string): string {
  // the FEN up to its fourth space (a beam search asks for it hundreds of thousands of times a game)
  let end = -1;
  for (let field = 0; field < 4; field++) {
    end = fen.indexOf(" ", end + 1);
    if (end < 0) return fen;
  }
  return fen.slice(0, end);
}

/**
 * Positions remembered at most by default: a game's decodings meet from a few hundred (a clear hand) to
 * about 11,000 (a cursive one), some 1.5 kB each; beyond, the memory starts afresh, so that no game holds
 * more than about 30 MB.
 */
const REMEMBERED = 20_000;
/** Boards kept with their listed moves, for playing those moves: the positions of the last ply or two, at most a few hundred. */
const BOARDS = 1_000;

/**
 * A position's legal moves: their SANs and the squares they leave, in the same order; each move's key (`moveKey`);
 * what the prior adds to each (null: no prior; undefined: not yet asked); and the FEN each leads to, once played.
 */
type Legal = { sans: string[]; origins: string[]; keys: string[]; prior?: Float64Array | null; next: (string | undefined)[] };

/**
 * A move as the boxes are scored against it, its SAN and the square it leaves (its long forms name it): the same move
 * in many of a beam's positions is scored once. Written once per position listed, the same string is looked up each time.
 */
export const moveKey = (san: string, from: string) => `${san} ${from}`;
/** A position listed lately: its board and its moves in the order of their SANs, for playing them. */
type Board = { position: Position; listed: Move[] };

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
  /** The positions listed lately, with their boards. */
  private readonly boards = new Map<string, Board>();
  /** How many moves' positions after are remembered. */
  private played = 0;

  /** The position of `fen`: its legal moves, the squares they leave and (with `withPrior`) the prior's scores of them, each list in the same order. */
  position(fen: string, withPrior = false): Legal {
    const legal = this.legal.get(fen) ?? this.list(fen).legal;
    if (withPrior && legal.prior === undefined) legal.prior = this.prior ? this.prior.scores(fen, legal.sans, this.prior.traits && this.traits(fen, legal.sans)) : null;
    return legal;
  }

  /** The legal moves (SAN) in the position of `fen`. */
  moves(fen: string): string[] {
    return this.position(fen).sans;
  }

  /** The FEN after the legal move `san` in the position of `fen`. */
  play(fen: string, san: string): string {
    const index = this.position(fen).sans.indexOf(san);
    if (index < 0) throw new Error(`Illegal move ${san} in ${fen}`);
    return this.playAt(fen, index);
  }

  /** The FEN after the `index`th of the legal moves of `fen` (as `moves(fen)` lists them). */
  playAt(fen: string, index: number): string {
    const known = this.position(fen).next[index];
    if (known !== undefined) return known;
    if (this.played >= this.remembered) this.forget();
    const board = this.boards.get(fen) ?? this.list(fen).board;
    this.played++;
    return (this.position(fen).next[index] = fenAfter(board.position, board.listed[index]));
  }

  /** What each legal move of `fen` does that players weigh (board.ts, moveTraits). */
  private traits(fen: string, sans: readonly string[]): Uint8Array {
    const { position, listed } = this.boards.get(fen) ?? this.list(fen).board;
    return moveTraits(position, listed, sans);
  }

  /** How many positions' moves are remembered. */
  get size(): number {
    return this.legal.size;
  }

  private list(fen: string): { legal: Legal; board: Board } {
    // every FEN here is chess.js's own or written as chess.js writes it (the start, or one `play` wrote): checking it is a waste
    const position = parseFen(fen);
    const { moves, sans } = legalMoves(position);
    // a position remembered whose board was let go keeps what it remembers
    let legal = this.legal.get(fen);
    if (!legal) {
      if (this.legal.size >= this.remembered) this.forget();
      const origins = moves.map((move) => squareName(move.from));
      this.legal.set(fen, (legal = { sans, origins, keys: sans.map((san, i) => moveKey(san, origins[i])), next: [] }));
    }
    const board = { position, listed: moves };
    if (this.boards.size >= BOARDS) this.boards.clear();
    this.boards.set(fen, board);
    return { legal, board };
  }

  private forget() {
    this.legal.clear();
    this.boards.clear();
    this.played = 0;
  }
}
