import { Chess, SQUARES } from "chess.js";
import { describe, expect, it } from "vitest";
import { attacked, BLACK, parseFen } from "./board";
import { Positions } from "./positions";

describe("positions remembered across decodings", () => {
  it("lists legal moves and plays them as chess.js does, from FEN alone", () => {
    const positions = new Positions();
    const start = new Chess().fen();
    expect(positions.moves(start)).toEqual(new Chess().moves());
    const afterE4 = positions.play(start, "e4");
    const chess = new Chess();
    chess.move("e4");
    expect(afterE4).toBe(chess.fen());
    expect(positions.moves(afterE4)).toEqual(chess.moves());
    // the same question again gets the same answer (remembered)
    expect(positions.play(start, "e4")).toBe(afterE4);
    expect(positions.moves(afterE4)).toBe(positions.moves(afterE4));
  });

  it("starts afresh beyond the positions it may remember, and still answers right", () => {
    const positions = new Positions(undefined, 3);
    const chess = new Chess();
    let fen = chess.fen();
    for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5"]) {
      expect(positions.moves(fen)).toEqual(chess.moves());
      expect(positions.size).toBeLessThanOrEqual(3);
      fen = positions.play(fen, san);
      chess.move(san);
      expect(fen).toBe(chess.fen());
    }
  });

  it("keeps what matters for the next moves in the FEN: castling rights and en passant", () => {
    const positions = new Positions();
    let fen = new Chess().fen();
    for (const san of ["e4", "Nf6", "e5", "d5"]) fen = positions.play(fen, san);
    expect(positions.moves(fen)).toContain("exd6");
    // the king went out and back: no castling, where a king that stayed home may castle
    const play = (sans: string[]) => sans.reduce((at, san) => positions.play(at, san), new Chess().fen());
    expect(positions.moves(play(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "Nf6"]))).toContain("O-O");
    expect(positions.moves(play(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke2", "Nf6", "Ke1", "d6"]))).not.toContain("O-O");
  });

  it("agrees with chess.js's public moves (and the squares they leave) and move at every position of random games (promotions, en passant, castling, mates)", () => {
    let seed = 20261126;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const seen = new Set<string>();
    for (let game = 0; game < 60; game++) {
      const positions = new Positions(undefined, 50);
      const chess = new Chess();
      for (let ply = 0; ply < 200 && !chess.isCheckmate() && !chess.isStalemate(); ply++) {
        const fen = chess.fen();
        const sans = chess.moves();
        expect(positions.moves(fen)).toEqual(sans);
        // chess.js's verbose moves write a FEN each: the squares are compared in the first ten games
        if (game < 10) expect(positions.position(fen).origins).toEqual(chess.moves({ verbose: true }).map((legal) => legal.from));
        const move = chess.move(sans[Math.floor(random() * sans.length)]);
        expect(positions.play(fen, move.san)).toBe(chess.fen());
        if (move.isKingsideCastle()) seen.add("O-O");
        if (move.isQueensideCastle()) seen.add("O-O-O");
        if (move.isEnPassant()) seen.add("en passant");
        if (move.isPromotion()) seen.add(`=${move.promotion}`);
        if (move.san.endsWith("#")) seen.add("mate");
      }
    }
    // the games made the special moves whose SAN and board chess.js writes differently
    expect([...seen]).toEqual(expect.arrayContaining(["O-O", "O-O-O", "en passant", "=q", "=n", "mate"]));
  });

  it("finds every square attacked, and only those, as chess.js does, for both sides in positions of random games", () => {
    let seed = 20261128;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let attackedSquares = 0;
    let compared = 0;
    for (let game = 0; game < 10; game++) {
      const chess = new Chess();
      for (let ply = 0; ply < 120 && !chess.isGameOver(); ply++) {
        const { squares } = parseFen(chess.fen());
        for (const square of SQUARES) {
          const index = (8 - Number(square[1])) * 16 + "abcdefgh".indexOf(square[0]);
          for (const side of ["w", "b"] as const) {
            const expected = chess.isAttacked(square, side);
            expect(attacked(squares, side === "b" ? BLACK : 0, index), `${chess.fen()} ${square} by ${side}`).toBe(expected);
            if (expected) attackedSquares++;
            compared++;
          }
        }
        const sans = chess.moves();
        chess.move(sans[Math.floor(random() * sans.length)]);
      }
    }
    // a real mix of attacked and unattacked squares was compared
    expect(compared).toBeGreaterThan(50_000);
    expect(attackedSquares / compared).toBeGreaterThan(0.2);
    expect(attackedSquares / compared).toBeLessThan(0.8);
  });
});
