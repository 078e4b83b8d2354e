import { describe, expect, it } from "vitest";
import { fitTraitWeights, traitCost } from "./traitWeights";

describe("the move prior's weights of what a move does", () => {
  it("finds the weights under which the moves played are likeliest: a capture played half the time among three quiet moves weighs log 3", () => {
    // every position: three quiet moves and one capture (kinds 0 and 1 of two); the capture played in half of them
    const positions = Array.from({ length: 100 }, (_, i) => ({ legal: [3, 1], played: i % 2 }));
    const { weights, nats, evenNats } = fitTraitWeights(positions);
    expect(weights[0]).toBe(0);
    expect(weights[1]).toBeCloseTo(Math.log(3), 3);
    // P(capture) = 3 / 6, P(a quiet move) = 1 / 6: the mean cost is (ln 2 + ln 6) / 2, against ln 4 with every move alike
    expect(nats).toBeCloseTo((Math.log(2) + Math.log(6)) / 2, 3);
    expect(evenNats).toBeCloseTo(Math.log(4), 9);
    expect(traitCost(positions, weights)).toBeCloseTo(nats, 9);
  });

  it("leaves a kind never played far below the others, and one never met where it was", () => {
    const positions = Array.from({ length: 50 }, () => ({ legal: [2, 2, 0], played: 0 }));
    const { weights } = fitTraitWeights(positions);
    expect(weights[1]).toBeLessThan(-3);
    expect(weights[2]).toBe(0);
  });
});
