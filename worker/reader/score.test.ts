import { describe, expect, it } from "vitest";
import { scoreGame } from "./score";

const move = (ply: number, san: string, flagged = false) => ({ ply, san, confidence: flagged ? 0.5 : 0.99, flagged });

describe("how a decoded game compares with the moves written", () => {
  it("counts moves right, flagged, and right among the unflagged", () => {
    const game = { moves: [move(0, "e4"), move(1, "e6", true), move(2, "Nf3"), move(3, "Nc6")] };
    expect(scoreGame(game, ["e4", "e5", "Nf3", "Nf6"])).toEqual({ written: 4, right: 2, flagged: 1, unflagged: 3, unflaggedRight: 2, entirelyRight: false });
  });

  it("holds a game entirely right only with every move and no more or fewer than written", () => {
    expect(scoreGame({ moves: [move(0, "e4"), move(1, "e5")] }, ["e4", "e5"]).entirelyRight).toBe(true);
    expect(scoreGame({ moves: [move(0, "e4")] }, ["e4", "e5"])).toMatchObject({ right: 1, entirelyRight: false });
    expect(scoreGame({ moves: [move(0, "e4"), move(1, "e5"), move(2, "Nf3")] }, ["e4", "e5"])).toMatchObject({ right: 2, unflagged: 3, unflaggedRight: 2, entirelyRight: false });
  });
});
