import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { NOTATION_LANGUAGES, type NotationLanguage } from "./languages";
import { samplePositions } from "./positions";
import { printMove } from "./print";
import { readMove } from "./read";

const positions = samplePositions(100);

function read(fen: string, text: string, language: NotationLanguage = "EN") {
  return readMove(new Chess(fen), text, language);
}

const START = new Chess().fen();

describe("every legal move prints and reads back in every language", () => {
  it.each(NOTATION_LANGUAGES)("%s", (language) => {
    let count = 0;
    const kinds = new Set<string>();
    for (const chess of positions) {
      for (const move of chess.moves({ verbose: true })) {
        const printed = printMove(move.san, language);
        const result = readMove(chess, printed, language);
        expect(result.ok && result.move.san, `${chess.fen()} ${printed}`).toBe(move.san);
        count++;
        if (move.isPromotion()) kinds.add("promotion");
        if (move.isEnPassant()) kinds.add("en passant");
        if (move.isKingsideCastle() || move.isQueensideCastle()) kinds.add("castling");
        if (/^[QRBNK][a-h][1-8]?x?[a-h][1-8]/.test(move.san)) kinds.add(/^[QRBNK][a-h][1-8]/.test(move.san) ? "file and rank" : "file");
        if (/^[QRBNK][1-8]x?[a-h][1-8]/.test(move.san)) kinds.add("rank");
      }
    }
    expect(count).toBeGreaterThan(2500);
    expect([...kinds].sort()).toEqual(["castling", "en passant", "file", "file and rank", "promotion", "rank"]);
  });
});

describe("piece letters", () => {
  const knightToF3: Record<NotationLanguage, string> = {
    EN: "Nf3", DE: "Sf3", ES_IT: "Cf3", FR: "Cf3", PT: "Cf3", CZ_SK: "Jf3", NL: "Pf3", TR: "Af3",
  };
  it.each(Object.entries(knightToF3))("%s writes the knight move as %s", (language, text) => {
    expect(printMove("Nf3", language as NotationLanguage)).toBe(text);
  });
  it("writes promotions and kings in the language", () => {
    expect(printMove("exd8=Q+", "DE")).toBe("exd8=D+");
    expect(printMove("Kxe2", "TR")).toBe("Şxe2");
    expect(printMove("Rxe2", "TR")).toBe("Kxe2");
    expect(printMove("O-O-O", "FR")).toBe("O-O-O");
  });
});

describe("what people write on score sheets", () => {
  const capture = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
  it.each(["exd5", "ed5", "e:d5", "exd5+", "exd5!?", " e x d 5 ", "e4xd5", "e4-d5"])("reads %j as exd5", (text) => {
    expect(read(capture, text)).toMatchObject({ ok: true, move: { san: "exd5" } });
  });
  const castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  it.each(["O-O", "0-0", "o-o", "OO", "0-0+"])("reads %j as short castling", (text) => {
    expect(read(castle, text)).toMatchObject({ ok: true, move: { san: "O-O" } });
  });
  it.each(["O-O-O", "0-0-0", "o-o-o", "000"])("reads %j as long castling", (text) => {
    expect(read(castle, text)).toMatchObject({ ok: true, move: { san: "O-O-O" } });
  });
  const promotion = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  it.each([
    ["a8=Q", "EN", "a8=Q"], ["a8Q", "EN", "a8=Q"], ["a8(Q)", "EN", "a8=Q"], ["a8/Q", "EN", "a8=Q"], ["a8q", "EN", "a8=Q"],
    ["axb8=D", "DE", "axb8=Q+"], ["ab8S", "DE", "axb8=N"], ["axb8T", "DE", "axb8=R+"], ["a8=F", "FR", "a8=B"], ["a8=V", "TR", "a8=Q"],
  ])("reads %j (%s) as %s", (text, language, san) => {
    expect(read(promotion, text, language as NotationLanguage)).toMatchObject({ ok: true, move: { san } });
  });
  it("reads en passant with or without e.p.", () => {
    const fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for (const text of ["exd6", "exd6e.p.", "exd6 e.p.", "ed6ep", "ed6"]) expect(read(fen, text)).toMatchObject({ ok: true, move: { san: "exd6" } });
  });
  it("reads lower-case piece letters where they cannot be a column", () => {
    expect(read(START, "nf3")).toMatchObject({ ok: true, move: { san: "Nf3" } });
    expect(read(START, "sf3", "DE")).toMatchObject({ ok: true, move: { san: "Nf3" } });
    // "b" is a column and the bishop in English: b3 is the pawn move.
    expect(read(START, "b3")).toMatchObject({ ok: true, move: { san: "b3" } });
    const bishop = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1";
    expect(read(bishop, "bb2")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "bd2")).toMatchObject({ ok: true, move: { san: "Bd2" } });
  });
  it("reads long algebraic notation", () => {
    expect(read(START, "Ng1-f3")).toMatchObject({ ok: true, move: { san: "Nf3" } });
    expect(read(START, "e2e4")).toMatchObject({ ok: true, move: { san: "e4" } });
  });
  it("reads the Turkish king with or without the cedilla", () => {
    const fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    expect(read(fen, "Şe2", "TR")).toMatchObject({ ok: true, move: { san: "Ke2" } });
    expect(read(fen, "Se2", "TR")).toMatchObject({ ok: true, move: { san: "Ke2" } });
  });
});

describe("the move-text rules of spec §5", () => {
  it("length 2 to 5, else 'Illegal format'", () => {
    expect(read(START, "e")).toEqual({ ok: false, error: { code: "illegalFormat" } });
    expect(read(START, "Ng1ff3")).toEqual({ ok: false, error: { code: "illegalFormat" } });
    expect(read(START, "")).toEqual({ ok: false, error: { code: "illegalFormat" } });
  });
  it("columns a to h, else '{char} is not allowed!'", () => {
    expect(read(START, "Ni3")).toEqual({ ok: false, error: { code: "notAllowed", char: "i" } });
    expect(read(START, "z4")).toEqual({ ok: false, error: { code: "notAllowed", char: "z" } });
  });
  it("rows numeric, else '{x} is not a number!'", () => {
    expect(read(START, "ef")).toEqual({ ok: false, error: { code: "notANumber", char: "f" } });
    expect(read(START, "Nfg")).toEqual({ ok: false, error: { code: "notANumber", char: "g" } });
    expect(read(START, "e9")).toEqual({ ok: false, error: { code: "notAllowed", char: "9" } });
  });
  it("a pawn capture moves exactly one column", () => {
    const fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    expect(read(fen, "bxd5")).toEqual({ ok: false, error: { code: "pawnCaptureColumn" } });
    expect(read(fen, "exe5")).toEqual({ ok: false, error: { code: "pawnCaptureColumn" } });
  });
  it("a capture target holds an opposing piece", () => {
    expect(read(START, "Nxf3")).toEqual({ ok: false, error: { code: "nothingToCapture", square: "f3" } });
    expect(read(START, "exd3")).toEqual({ ok: false, error: { code: "nothingToCapture", square: "d3" } });
    expect(read(START, "Nxe2")).toEqual({ ok: false, error: { code: "nothingToCapture", square: "e2" } });
  });
  it("a promotion piece is not pawn, king or none", () => {
    const fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    expect(read(fen, "a8")).toEqual({ ok: false, error: { code: "promotionPiece" } });
    expect(read(fen, "a8=K")).toEqual({ ok: false, error: { code: "promotionPiece" } });
    expect(read(fen, "a8=P")).toEqual({ ok: false, error: { code: "promotionPiece" } });
    expect(read(fen, "a8=B", "DE")).toEqual({ ok: false, error: { code: "promotionPiece" } });
  });
  it("a move must be legal, else 'Illegal Move!'", () => {
    expect(read(START, "e5")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read(START, "O-O")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read(START, "Qh5")).toEqual({ ok: false, error: { code: "illegalMove" } });
  });
  it("never leaves one's own king attacked", () => {
    const pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    expect(read(pinned, "Nf4")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read(pinned, "Kd2")).toMatchObject({ ok: true });
  });
  it("castles only with the right, empty squares between and unattacked king squares", () => {
    expect(read("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "O-O")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O")).toMatchObject({ ok: true });
    expect(read("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O")).toEqual({ ok: false, error: { code: "illegalMove" } });
    expect(read("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O")).toMatchObject({ ok: true });
  });
  it("names the candidates of an ambiguous move", () => {
    expect(read("k7/8/3N1N2/8/8/8/8/K7 w - - 0 1", "Ne4")).toEqual({ ok: false, error: { code: "ambiguous", candidates: ["Nde4", "Nfe4"] } });
  });
});
