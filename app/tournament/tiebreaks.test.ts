import { describe, expect, it } from "vitest";
import { computeTiebreak, ratingDifference, standings, type RatedPlayer, type Tiebreak } from "./tiebreaks";

/**
 * A round robin of four, computed by hand:
 *  R1: 1–4 1-0, 2–3 ½-½   R2: 4–3 0-1, 1–2 1-0   R3: 2–4 1-0, 3–1 ½-½
 *  Scores: 1: 2½, 2: 1½, 3: 2, 4: 0.
 */
function game(opponent: number, colour: "w" | "b", points: number) {
  return { kind: "game" as const, opponent, colour, points };
}
const players: RatedPlayer[] = [
  { id: 1, rating: 2000, rounds: [game(4, "w", 1), game(2, "w", 1), game(3, "b", 0.5)] },
  { id: 2, rating: 1900, rounds: [game(3, "w", 0.5), game(1, "b", 0), game(4, "w", 1)] },
  { id: 3, rating: 1800, rounds: [game(2, "b", 0.5), game(4, "b", 1), game(1, "w", 0.5)] },
  { id: 4, rating: 1700, rounds: [game(1, "b", 0), game(3, "w", 0), game(2, "b", 0)] },
];
const context = { players, round: 3 };
const values = (tiebreak: Tiebreak) => players.map((p) => computeTiebreak(tiebreak, p, context));

describe("tiebreaks computed by hand (C.07)", () => {
  it("Buchholz: sum of the opponents' scores", () => expect(values("BUCHHOLZ")).toEqual([3.5, 4.5, 4, 6]));
  it("median Buchholz: without the highest and lowest", () => expect(values("MEDIAN_BUCHHOLZ")).toEqual([1.5, 2, 1.5, 2]));
  it("Sonneborn-Berger: opponents' scores weighted by the points taken", () => expect(values("SONNEBORN_BERGER")).toEqual([2.5, 1, 2, 0]));
  it("progressive score (Fort): sum of the running scores", () => expect(values("CUMULATIVE")).toEqual([5.5, 2.5, 4, 0]));
  it("average rating of the opponents (Niv)", () => expect(values("AVERAGE_OPPONENT_RATING")).toEqual([1800, 1833, 1867, 1900]));
  it("rating performance: opponents' average plus dp of FIDE table 8.1(a) for the score rounded to 0.01", () =>
    // 2½/3 = 0.83 → 273; 1½/3 = 0.50 → 0; 2/3 = 0.67 → 125; 0/3 → −800
    expect(values("RATING_PERFORMANCE")).toEqual([1800 + 273, 1833, 1867 + 125, 1900 - 800]));
  it("dp of FIDE table 8.1(a) is symmetric about 0.50", () => {
    expect([1, 0.99, 0.9, 0.75, 0.5, 0.25, 0.01, 0].map(ratingDifference)).toEqual([800, 677, 366, 193, 0, -193, -677, -800]);
  });
  it("wins and three-point scoring", () => {
    expect(values("WINS")).toEqual([2, 1, 1, 0]);
    expect(values("THREE_POINT")).toEqual([7, 4, 5, 0]);
  });
  it("Buchholz sum: the opponents' Buchholz", () => expect(values("BUCHHOLZ_SUM")[0]).toBe(6 + 4.5 + 4));

  it("counts an unplayed round as a game against a virtual opponent with the player's own score", () => {
    const withByes: RatedPlayer[] = [
      { id: 1, rounds: [game(2, "w", 1), game(3, "b", 0.5)] },
      { id: 2, rounds: [game(1, "b", 0), { kind: "pab", points: 1 }] },
      { id: 3, rounds: [{ kind: "pab", points: 1 }, game(1, "w", 0.5)] },
    ];
    const ctx = { players: withByes, round: 2 };
    expect(withByes.map((p) => computeTiebreak("BUCHHOLZ", p, ctx))).toEqual([2.5, 2.5, 3]);
    expect(standings(ctx, ["BUCHHOLZ"]).map((s) => [s.id, s.rank, s.score, ...s.tiebreaks])).toEqual([
      [3, 1, 1.5, 3],
      [1, 2, 1.5, 2.5],
      [2, 3, 1, 2.5],
    ]);
  });

  it("direct encounter decides between tied players who met", () => {
    const tied: RatedPlayer[] = [
      { id: 1, rounds: [game(2, "w", 0), game(3, "w", 1)] },
      { id: 2, rounds: [game(1, "b", 1), game(3, "b", 0)] },
      { id: 3, rounds: [{ kind: "bye", points: 0 }, game(1, "b", 0)] },
    ];
    const ctx = { players: tied, round: 2 };
    expect(standings(ctx, ["DIRECT_ENCOUNTER"]).map((s) => s.id)).toEqual([2, 1, 3]);
  });

  it("ranks after each round with up to three tiebreaks in the order set; equal rows share a rank", () => {
    expect(standings(context, ["BUCHHOLZ", "SONNEBORN_BERGER", "CUMULATIVE", "WINS"]).map((s) => [s.id, s.rank, s.score, ...s.tiebreaks])).toEqual([
      [1, 1, 2.5, 3.5, 2.5, 5.5],
      [3, 2, 2, 4, 2, 4],
      [2, 3, 1.5, 4.5, 1, 2.5],
      [4, 4, 0, 6, 0, 0],
    ]);
    expect(standings({ players, round: 1 }, ["BUCHHOLZ"]).map((s) => [s.id, s.rank, s.score])).toEqual([
      [1, 1, 1],
      [2, 2, 0.5],
      [3, 2, 0.5],
      [4, 4, 0],
    ]);
  });
});
