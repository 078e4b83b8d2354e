import { Chess } from "chess.js";

/**
 * The legal moves of positions and the positions they lead to, by FEN, remembered for the decodings of
 * one game: the decoding after adapting to the writer follows mostly the games the first one followed,
 * and chess.js's move generation is most of a decoding's time.
 */
export class Positions {
  private readonly legal = new Map<string, string[]>();
  private readonly after = new Map<string, string>();
  /** Boards made by `play` whose moves are not listed yet: listing them needs no FEN parsed again. */
  private readonly made = new Map<string, Chess>();

  /** The legal moves (SAN) in the position of `fen`. */
  moves(fen: string): string[] {
    let moves = this.legal.get(fen);
    if (!moves) {
      moves = (this.made.get(fen) ?? new Chess(fen)).moves();
      this.legal.set(fen, moves);
      this.made.delete(fen);
    }
    return moves;
  }

  /** The FEN after the legal move `san` in the position of `fen`. */
  play(fen: string, san: string): string {
    const key = `${fen}|${san}`;
    let next = this.after.get(key);
    if (next === undefined) {
      const chess = new Chess(fen);
      chess.move(san);
      next = chess.fen();
      this.after.set(key, next);
      if (!this.legal.has(next)) this.made.set(next, chess);
    }
    return next;
  }
}
