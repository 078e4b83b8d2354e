import { describe, expect, it } from "vitest";
import { randomGame } from "./sheet";
import { ecoLines } from "./openings";
import { seededRandom } from "~/chess/random";

describe("games that open as real games do", () => {
  it("reads every line of the ECO classification as legal moves from the start", () => {
    const lines = ecoLines();
    expect(lines).toHaveLength(2014);
    expect(lines[0]).toEqual(["b4"]);
    expect(lines.find((line) => line.join(" ") === "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7")).toBeDefined();
  });

  it("plays on at random after the opening, and keeps the opening whole however short the game", () => {
    const opening = ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"];
    const game = randomGame(seededRandom(7), 80, opening);
    expect(game.slice(0, 6)).toEqual(opening);
    expect(game.length).toBeGreaterThan(6);
    expect(randomGame(seededRandom(7), 2, opening)).toEqual(opening);
    // without an opening, the same random game as before openings existed
    expect(randomGame(seededRandom(7), 80)).toEqual(randomGame(seededRandom(7), 80, []));
  });
});
