import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { engineGame } from "./engineGames";
import { heldOutSheet } from "./heldout";

describe("games played by an engine as a club player", () => {
  it("are whole legal games from the start, the benchmark's apart from those where choices are made", () => {
    const games = Array.from({ length: 128 }, (_, i) => engineGame(i));
    const choices = Array.from({ length: 128 }, (_, i) => engineGame(1000 + i));
    for (const game of [...games, ...choices]) {
      const chess = new Chess();
      for (const san of game) chess.move(san);
      // played to the end, or to the most the two-page form holds
      expect(chess.isGameOver() || game.length === 240).toBe(true);
    }
    const distinct = new Set([...games, ...choices].map((game) => game.join(" ")));
    expect(distinct.size).toBe(256);
    // games, not random play: most end in checkmate (random play seldom does: 3 of 128 of randomGame's, 110 plies at most)
    const mates = games.filter((game) => game.at(-1)!.endsWith("#")).length;
    expect(mates).toBeGreaterThan(64);
  });

  it("are written on held-out sheets as far as the form holds them", async () => {
    const sheet = await heldOutSheet(2, "fonts", { games: "engine" });
    expect(sheet.pages[0].sans).toEqual(engineGame(2).slice(0, 110));
    const twoPages = await heldOutSheet(7, "fonts", { games: "engine" });
    expect(twoPages.pages).toHaveLength(engineGame(7).length > 120 ? 2 : 1);
    expect(twoPages.pages[0].sans).toEqual(engineGame(7).slice(0, 240));
  }, 60_000);
});
