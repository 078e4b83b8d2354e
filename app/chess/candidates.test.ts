import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { longForms, rankCandidates, squaresLeft, withoutDisambiguator, writtenForms, type CharDistribution } from "./candidates";

const START = new Chess();
const SICILIAN = new Chess("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

describe("ranking legal moves for a misread move text", () => {
  it("puts the exact move first with most of the probability", () => {
    const [best, second] = rankCandidates(START, "Nf3", "EN");
    expect(best.san).toBe("Nf3");
    expect(best.score).toBeGreaterThan(0.5);
    expect(best.score).toBeGreaterThan(second.score * 5);
  });

  it("recovers moves from typical handwriting confusions", () => {
    expect(rankCandidates(START, "Nf5", "EN")[0].san).toBe("Nf3"); // no knight reaches f5: f3 is nearest
    expect(rankCandidates(START, "e5", "EN")[0].san).toMatch(/^e[34]$/);
    expect(rankCandidates(START, "5f3", "DE")[0].san).toBe("Nf3"); // German S read as 5
    expect(rankCandidates(SICILIAN, "Nc6", "EN")[0].san).toBe("Nc6");
    expect(rankCandidates(SICILIAN, "d b", "EN")[0].san).toBe("d6"); // b for 6
  });

  it("scores form a probability distribution over all legal moves", () => {
    const ranked = rankCandidates(START, "??", "EN");
    expect(ranked).toHaveLength(20);
    expect(ranked.reduce((sum, c) => sum + c.score, 0)).toBeCloseTo(1, 10);
  });

  it("uses the recognizer's per-character probabilities when given", () => {
    // The recognizer is unsure between d and c in the first character: d4 vs c4 decided by it.
    const probabilities: CharDistribution[] = [
      { c: 0.7, d: 0.25, e: 0.05 },
      { "4": 0.9, "3": 0.1 },
    ];
    expect(rankCandidates(START, "", "EN", probabilities).slice(0, 2).map((c) => c.san)).toEqual(["c4", "d4"]);
    const flipped: CharDistribution[] = [{ c: 0.2, d: 0.8 }, { "4": 0.9, "3": 0.1 }];
    expect(rankCandidates(START, "", "EN", flipped)[0].san).toBe("d4");
  });

  it("returns nothing in a finished game", () => {
    expect(rankCandidates(new Chess("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), "Kh7", "EN")).toEqual([]);
  });

  it("knows the written forms of a move in a language", () => {
    expect(writtenForms("exd8=Q+", "DE")).toEqual(["exd8=D", "ed8=D", "exd8D", "ed8D"]);
    expect(writtenForms("O-O", "EN")).toEqual(["O-O", "OO"]);
  });

  it("knows the long algebraic forms of a move: both squares, in the language's letters", () => {
    expect(longForms("Nf3", "g1", "EN")).toEqual(["Ng1-f3", "Ng1f3"]);
    expect(longForms("Nbd7", "b8", "DE")).toEqual(["Sb8-d7", "Sb8d7"]);
    expect(longForms("Bxc4+", "f1", "FR")).toEqual(["Ff1xc4", "Ff1:c4", "Ff1c4"]);
    expect(longForms("e4", "e2", "NL")).toEqual(["e2-e4", "e2e4"]);
    expect(longForms("exd8=Q#", "e7", "DE")).toEqual(["e7xd8=D", "e7xd8D", "e7:d8=D", "e7:d8D", "e7d8=D", "e7d8D"]);
    expect(longForms("Kxf2", "e1", "TR")).toEqual(["Şe1xf2", "Şe1:f2", "Şe1f2"]);
    expect(longForms("O-O-O", "e1", "EN")).toEqual([]);
  });

  it("writes a move without which of two pieces moves, as many players do, and leaves other moves as they are", () => {
    expect(withoutDisambiguator("Nbd2")).toBe("Nd2");
    expect(withoutDisambiguator("R1e2")).toBe("Re2");
    expect(withoutDisambiguator("Qh4xe1+")).toBe("Qxe1+");
    expect(withoutDisambiguator("Raxd8#")).toBe("Rxd8#");
    for (const san of ["Nf3", "Nxd2", "exd5", "e8=Q+", "O-O-O", "Kf1", "Qd2"]) expect(withoutDisambiguator(san)).toBe(san);
  });

  it("knows the square each move of a game leaves, up to an illegal move", () => {
    expect(squaresLeft(["e4", "e5", "Nf3", "Nc6", "Bb5", "O-O"])).toEqual(["e2", "e7", "g1", "b8", "f1"]);
    expect(squaresLeft(["d4", "d5", "Bf4", "Bf5", "e3", "e6", "Bd3", "Bxd3", "Qxd3"])).toEqual(["d2", "d7", "c1", "c8", "e2", "e7", "f1", "f5", "d1"]);
  });
});
