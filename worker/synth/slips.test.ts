import { describe, expect, it } from "vitest";
import { writerSlip } from "./sheet";

const GAME = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7"];

describe("a writer's slip in recording the game (the benchmark's --slip)", () => {
  it("without one, writes every move in its own box as it is", () => {
    const asWritten = writerSlip(GAME, undefined, 7);
    expect(asWritten.at).toBeUndefined();
    expect(GAME.map((san, ply) => [asWritten.plyIn(ply), asWritten.text(ply, san)])).toEqual(GAME.map((san, ply) => [ply, san]));
  });

  it("a wrong square: one move of the game's middle written with its square one file or rank off, the others as they are", () => {
    let slipped = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const slip = writerSlip(GAME, "square", seed);
      const written = GAME.map((san, ply) => slip.text(ply, san));
      const wrong = written.flatMap((text, ply) => (text === GAME[ply] ? [] : [ply]));
      if (slip.at === undefined) continue; // castling has no square to write wrong
      slipped++;
      expect(wrong).toEqual([slip.at]);
      expect(slip.at).toBeGreaterThanOrEqual(2);
      expect(slip.at).toBeLessThan(18);
      const [from, to] = [GAME[slip.at].match(/[a-h][1-8]$/)![0], written[slip.at].match(/[a-h][1-8]$/)![0]];
      expect(Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) + Math.abs(Number(from[1]) - Number(to[1]))).toBe(1);
      expect(GAME.map((_, ply) => slip.plyIn(ply))).toEqual(GAME.map((_, ply) => ply));
    }
    expect(slipped).toBeGreaterThanOrEqual(4);
  });

  it("a move left out: from a white move on, each box holds the move a row later", () => {
    const slip = writerSlip(GAME, "skip", 11);
    expect(slip.at! % 2).toBe(0);
    expect(GAME.map((_, ply) => slip.plyIn(ply))).toEqual(GAME.map((_, ply) => (ply < slip.at! ? ply : ply + 2)));
    expect(writerSlip(GAME, "skip", 11).at).toBe(slip.at);
  });

  it("a row left blank: from a white move on, each box holds the move a row earlier, the blank row's none", () => {
    const slip = writerSlip(GAME, "row", 11);
    expect(slip.at! % 2).toBe(0);
    expect(GAME.map((_, ply) => slip.plyIn(ply))).toEqual(GAME.map((_, ply) => (ply < slip.at! ? ply : ply < slip.at! + 2 ? Infinity : ply - 2)));
  });

  it("a move written twice: from a white move on, the move's row written again below it, each later box holding the move a row earlier", () => {
    const slip = writerSlip(GAME, "twice", 11);
    expect(slip.at! % 2).toBe(0);
    expect(GAME.map((_, ply) => slip.plyIn(ply))).toEqual(GAME.map((_, ply) => (ply < slip.at! + 2 ? ply : ply - 2)));
    expect(slip.plyIn(slip.at! + 2)).toBe(slip.at);
    expect(slip.plyIn(slip.at! + 3)).toBe(slip.at! + 1);
  });
});
