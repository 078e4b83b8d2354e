import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { CHECKS, LEAVES, LOSES, TAKES, fenAfter, legalMoves, moveTraits, parseFen } from "./board";

/** Each legal move's SAN and the FEN after it, by the decoder's board and by chess.js. */
function compare(fen: string) {
  const position = parseFen(fen);
  const { moves, sans } = legalMoves(position);
  const chess = new Chess(fen);
  expect(sans).toEqual(chess.moves());
  sans.forEach((san, i) => {
    chess.move(san);
    expect(fenAfter(position, moves[i]), `${fen} ${san}`).toBe(chess.fen());
    chess.undo();
  });
  // the position is as it was after every move made and taken back
  expect(legalMoves(position).sans).toEqual(sans);
  return sans;
}

describe("the decoder's board against chess.js in the positions where chess rules are most often got wrong", () => {
  it("writes the en passant square only where taking there is legal, and lists the capture then", () => {
    // black's d-pawn just went two squares beside white's e5 pawn: exd6 is legal and the FEN keeps d6
    expect(compare("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")).toContain("exd6");
    // after d7-d5 the same capture would leave white's king on the fifth rank in the rook's line: no square, no capture
    const before = "8/3p4/8/K3P2r/8/8/8/7k b - - 0 1";
    const position = parseFen(before);
    const { moves, sans } = legalMoves(position);
    const pinned = fenAfter(position, moves[sans.indexOf("d5")]);
    expect(pinned).toBe("8/8/8/K2pP2r/8/8/8/7k w - - 0 2");
    expect(compare(before)).toContain("d5");
    expect(compare(pinned)).not.toContain("exd6");
  });

  it("lets a king escape a pawn's check by taking it en passant: check, not mate", () => {
    // after d2-d4 the black king on e5 is in check from d4 and takes nothing, but the e4 pawn takes d4 in passing
    const fen = "8/8/8/4k3/4p3/8/3P4/4K3 w - - 0 1";
    const sans = compare(fen);
    expect(sans).toContain("d4+");
    const position = parseFen(fen);
    const { moves } = legalMoves(position);
    expect(compare(fenAfter(position, moves[sans.indexOf("d4+")]))).toContain("exd3");
  });

  it("castles only through squares no enemy attacks, and loses the right when its rook is taken", () => {
    // the bishop on c4 covers f1: no O-O; O-O-O is open
    const sans = compare("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1");
    expect(sans).toContain("O-O-O");
    expect(sans).not.toContain("O-O");
    const position = parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const { moves, sans: all } = legalMoves(position);
    // Rxa8+ takes black's queenside right with the rook, and white's own by leaving a1
    expect(fenAfter(position, moves[all.indexOf("Rxa8+")])).toBe("R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    compare("R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  });

  it("tells pieces apart by file, rank or square as chess.js does, and marks promotions that mate", () => {
    // three queens reach e4: b4 shares a file with b1 and a rank with h4 (its square), b1 the first rank with none, h4 its file
    // (a pawn on h7 shields the black king: a position where the side not to move is in check is never reached)
    const sans = compare("7k/7p/8/8/1Q5Q/8/8/1Q4NK w - - 0 1");
    expect(sans).toEqual(expect.arrayContaining(["Qb4e4", "Q1e4", "Qhe4", "Qhxh7#", "Qbxh7#", "Qhd4+"]));
    // a pawn that takes and promotes with mate
    const mates = compare("1r5k/P5pp/8/8/8/8/8/K7 w - - 0 1");
    expect(mates).toEqual(expect.arrayContaining(["axb8=Q#", "axb8=R#", "axb8=N", "a8=Q"]));
  });

  it("tells what a move does that players weigh: takes, checks, leaves the piece moved to be won", () => {
    // black pawns d5 (defended by e6) and e5 (attacking d4 and f4); White's knight e2 is defended there by g3 and the queen
    const position = parseFen("4k3/8/4p3/3pp3/8/6P1/4N3/3QK3 w - - 0 1");
    const { moves, sans } = legalMoves(position);
    const traits = moveTraits(position, moves, sans);
    const of = (san: string) => traits[sans.indexOf(san)];
    // the queen takes a pawn the e6 pawn takes back: 9 lost for 1
    expect(of("Qxd5")).toBe(TAKES | LOSES);
    // a defended knight to a square a pawn attacks (3 for 1), the queen to one (9 for 1)
    expect(of("Nf4")).toBe(LOSES);
    expect(of("Nd4")).toBe(LOSES);
    expect(of("Qd4")).toBe(LOSES);
    expect(of("Qa4+")).toBe(CHECKS);
    expect(of("Nc3")).toBe(0);
    expect(of("Qd3")).toBe(0);
    // a king is never left to be won: its moves are legal
    expect(of("Kf2")).toBe(0);
    // the position is as it was
    expect(legalMoves(position).sans).toEqual(sans);
    // a knight the rook on d3 attacks loses nothing where a pawn defends it (f3), all of it where nothing does (h3)
    const rook = parseFen("4k3/8/8/8/8/3r4/4P3/4K1N1 w - - 0 1");
    const listed = legalMoves(rook);
    const rookTraits = moveTraits(rook, listed.moves, listed.sans);
    expect(rookTraits[listed.sans.indexOf("Nf3")]).toBe(0);
    expect(rookTraits[listed.sans.indexOf("Nh3")]).toBe(LOSES);
  });

  it("tells a move that leaves another piece to be won: a threat not met, a defender taken away", () => {
    const traitsOf = (fen: string) => {
      const position = parseFen(fen);
      const { moves, sans } = legalMoves(position);
      const traits = moveTraits(position, moves, sans);
      return (san: string) => traits[sans.indexOf(san)];
    };
    // the pawn on b4 attacks the knight on c3: only a knight's move saves it
    const threat = traitsOf("4k3/8/8/8/1p6/2N5/7P/R3K3 w Q - 0 1");
    expect(threat("Nd5")).toBe(0);
    expect(threat("Na4")).toBe(0);
    expect(threat("h3")).toBe(LEAVES);
    expect(threat("Rb1")).toBe(LEAVES);
    expect(threat("Kd2")).toBe(LEAVES);
    // the rook to a square the pawn attacks loses itself and leaves the knight
    expect(threat("Ra3")).toBe(LOSES | LEAVES);
    // the knight on d4, attacked by the bishop on b6, is lost only where the queen stops defending it
    const defender = traitsOf("4k3/8/1b6/8/3N4/8/8/3QK3 w - - 0 1");
    expect(defender("Qd3")).toBe(0);
    expect(defender("Qf3")).toBe(LEAVES);
    expect(defender("Ke2")).toBe(0);
    expect(defender("Nf5")).toBe(0);
    // a pawn left where it is taken costs less than two pawns: not a piece left to be won
    expect(traitsOf("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")("Kd2")).toBe(0);
  });
});
