import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { sheetForms } from "../reader/decode";
import { TRAINING_FONTS } from "./fonts";
import { anyPieceLetters, captureColons, DRAW_OFFER_MARK, drawOffers, EN_PASSANT_MARK, enPassantMarks, syntheticSheet, writtenLongMove } from "./sheet";

describe("writers who keep to long algebraic notation", () => {
  it("write every move as a form the decoder knows, both squares given, with or without their hyphen", async () => {
    const options = { seed: 60000003, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const, language: "DE" as const };
    const [page] = await syntheticSheet({ ...options, longNotation: 1 });
    const board = new Chess();
    const origins = page.sans.map((san) => board.move(san).from);
    const plyOf = (box: (typeof page.written)[number]) => (box.move - 1) * 2 + (box.side === "w" ? 0 : 1);
    for (const box of page.written) expect(sheetForms(page.sans[plyOf(box)], "DE", { from: origins[plyOf(box)] })).toContain(box.text);
    // the moves that leave a square and reach another are written with both (castling stays O-O)
    const long = page.written.filter((box) => !page.sans[plyOf(box)].startsWith("O-O"));
    expect(long.every((box) => box.text.includes(origins[plyOf(box)]))).toBe(true);
    expect(long.length).toBeGreaterThan(20);
    // and the same seed's short writer wrote the same game
    const [short] = await syntheticSheet(options);
    expect(short.sans).toEqual(page.sans);
    expect(short.written.some((box, i) => box.text !== page.written[i].text)).toBe(true);
  });

  it("joins the squares as the writer's habit is, captures mostly with x", () => {
    const random = seededRandom(11);
    const quiet = Array.from({ length: 50 }, () => writtenLongMove("Nf3", "g1", "EN", random, true));
    expect(new Set(quiet)).toEqual(new Set(["Ng1-f3"]));
    expect(writtenLongMove("Nf3", "g1", "EN", random, false)).toBe("Ng1f3");
    const captures = Array.from({ length: 400 }, () => writtenLongMove("exd5", "e4", "FR", random, true));
    expect(new Set(captures)).toEqual(new Set(["e4xd5", "e4:d5", "e4d5"]));
    expect(captures.filter((text) => text === "e4xd5").length).toBeGreaterThan(280);
    const promotions = new Set(Array.from({ length: 100 }, () => writtenLongMove("b8=Q+", "b7", "DE", random, true)));
    expect(promotions).toEqual(new Set(["b7-b8=D", "b7-b8D", "b7-b8=D+", "b7-b8D+"]));
  });
});

describe("writers who never or always name the piece that moves", () => {
  it("write Sd2 for Nbd2 (never) or Sgf3 for Nf3 (always), every other move as the SAN writer of the same seed", async () => {
    // after 1. d4 d5 2. Nf3 Nf6 3. e3 e6 both knights may go to d2
    const sans = ["d4", "d5", "Nf3", "Nf6", "e3", "e6", "Nbd2", "Be7", "Ne5", "O-O"];
    const options = { seed: 60000011, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const, language: "DE" as const, sans };
    const [plain] = await syntheticSheet({ ...options, pieceNaming: "never" });
    const [named] = await syntheticSheet(options);
    const text = (page: typeof plain, move: number, side: "w" | "b") => page.written.find((box) => box.move === move && box.side === side)!.text;
    expect(text(plain, 4, "w")).toBe("Sd2");
    expect(text(named, 4, "w")).toBe("Sbd2");
    expect(plain.written.filter((box) => box.move !== 4 || box.side !== "w").map((box) => box.text)).toEqual(named.written.filter((box) => box.move !== 4 || box.side !== "w").map((box) => box.text));
    // a writer who always names the file his piece leaves writes Sgf3 for Nf3, and Sbd2 as SAN does
    const [always] = await syntheticSheet({ ...options, pieceNaming: "always" });
    expect([text(always, 2, "w"), text(always, 4, "w"), text(always, 1, "w")]).toEqual(["Sgf3", "Sbd2", text(named, 1, "w")]);
  });
});

describe("writers with any five capitals for piece letters", () => {
  it("write each piece with a capital of its own, the same on every move, and everything else as the language's writer", () => {
    const letters = anyPieceLetters("TR", 1, 5);
    // the Turkish king Ş, queen V, rook K, bishop F and knight A
    const pieces = ["Şe2", "Vxd8+", "Ka1", "Ff4", "Ac3"].map(letters);
    const capitals = pieces.map((text) => text[0]);
    expect(new Set(capitals).size).toBe(5);
    for (const capital of capitals) expect("KQRBNDTLSACFVJP").toContain(capital);
    expect(pieces.map((text) => text.slice(1))).toEqual(["e2", "xd8+", "a1", "f4", "c3"]);
    // promotions take the queen's capital; pawn moves and castling stay as written
    expect(letters("e8=V")).toBe(`e8=${capitals[1]}`);
    expect(["exd5", "O-O", "0-0-0"].map(letters)).toEqual(["exd5", "O-O", "0-0-0"]);
    expect(letters("Şe2")).toBe(pieces[0]);
  });

  it("leave the language's letters where the chance is not drawn", () => {
    expect(anyPieceLetters("DE", 0, 5)("Sf3")).toBe("Sf3");
  });
});

describe("writers who mark a capture en passant", () => {
  // 1. e4 a6 2. e5 d5 3. exd6 (en passant) c6 4. dxe7 (an ordinary capture)
  const sans = ["e4", "a6", "e5", "d5", "exd6", "c6", "dxe7"];

  it("write e.p. after such a capture and nowhere else; writers without the habit never do", () => {
    const marked = enPassantMarks(sans, 1, 5);
    expect(sans.map((san, ply) => marked(ply, san))).toEqual(["e4", "a6", "e5", "d5", `exd6${EN_PASSANT_MARK}`, "c6", "dxe7"]);
    const unmarked = enPassantMarks(sans, 0, 5);
    expect(sans.map((san, ply) => unmarked(ply, san))).toEqual(sans);
  });

  it("write it on the sheet, and a sheet without the habit is the same as before it existed", async () => {
    const options = { seed: 60000011, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const, language: "EN" as const, sans };
    const [marked] = await syntheticSheet({ ...options, enPassantMarks: 1 });
    expect(marked.written.map((box) => box.text.replace(/[+#]$/, ""))).toContain(`exd6${EN_PASSANT_MARK}`);
    const [plain] = await syntheticSheet(options);
    const [none] = await syntheticSheet({ ...options, enPassantMarks: 0 });
    expect(none.written).toEqual(plain.written);
    expect(plain.written.some((box) => box.text.includes("e.p."))).toBe(false);
  });
});

describe("writers who offer a draw", () => {
  it("note (=) after one or two moves; writers without the habit never do", () => {
    const texts = Array.from({ length: 80 }, (_, ply) => `m${ply}`);
    const offered = texts.map((text, ply) => drawOffers(80, 1, 9)(ply, text)).filter((text) => text.endsWith(DRAW_OFFER_MARK));
    expect(offered.length).toBeGreaterThanOrEqual(1);
    expect(offered.length).toBeLessThanOrEqual(2);
    expect(texts.map((text, ply) => drawOffers(80, 0, 9)(ply, text))).toEqual(texts);
  });
});

describe("writers who mark captures with a colon", () => {
  it("write every capture with a colon, as a form the decoder knows; a sheet without the habit is the same as before it existed", async () => {
    const options = { seed: 60000017, fonts: TRAINING_FONTS, layout: "kiebitz-60" as const, language: "CZ_SK" as const };
    const [colons] = await syntheticSheet({ ...options, captureColons: 1 });
    const plyOf = (box: (typeof colons.written)[number]) => (box.move - 1) * 2 + (box.side === "w" ? 0 : 1);
    const captures = colons.written.filter((box) => colons.sans[plyOf(box)].includes("x"));
    expect(captures.length).toBeGreaterThan(5);
    // pawns' captures too (e:d5), which the writers before marked only with an x or nothing
    expect(captures.some((box) => /^[a-h]:/.test(box.text))).toBe(true);
    expect(colons.written.some((box) => box.text.includes("x"))).toBe(false);
    // as the decoder scores a ply where a box reads a colon
    for (const box of colons.written) expect(sheetForms(colons.sans[plyOf(box)], "CZ_SK", { colon: true })).toContain(box.text);
    const [plain] = await syntheticSheet(options);
    const [none] = await syntheticSheet({ ...options, captureColons: 0 });
    expect(none.written).toEqual(plain.written);
    expect(plain.written.filter((box) => box.text.includes("x")).length).toBeGreaterThan(captures.length / 2);
    expect(captureColons(1, 3)("exd8=Q+")).toBe("e:d8=Q+");
    expect(captureColons(0, 3)("exd8=Q+")).toBe("exd8=Q+");
  });
});
