import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTrf } from "../trf";
import { dutchInputFromTrf, nextRoundOf } from "../trfPairing";
import { Layout } from "./cost";
import { explainRound } from "./explain";

const cases = path.join(import.meta.dirname, "../testdata/bbp-cases");

function explain(name: string) {
  const file = readTrf(readFileSync(path.join(cases, name, "input.trf"), "utf8"));
  if (!file.ok) throw new Error(JSON.stringify(file.errors));
  const result = explainRound(dutchInputFromTrf(file.value, nextRoundOf(file.value)));
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe("why a round is paired so", () => {
  it("names C8 where the next score group decided (the case an outside comparison found), and the rematches", () => {
    const { boards } = explain("t0044-n12-r5-kiebitz-pairs");
    // 4–7 in the 2-point group: 4 was offered 2 first, but with 7 floating down instead the 1½ group pairs fewer
    expect(boards[2]).toMatchObject({ white: 4, black: 7, higher: 4, offered: 2, reason: { kind: "criterion", criterion: "C8" }, bracket: { score: 2, players: 3, floatedDown: [2] } });
    // 1 came down from 4 points; the first resident offered, 3, had played him in round 3
    expect(boards[0]).toMatchObject({ white: 6, black: 1, floaters: [{ id: 1, score: 4 }], offered: 3, reason: { kind: "rematch", players: [1, 3], round: 3 } });
    expect(boards.map((b) => b.reason.kind)).toEqual(["rematch", "natural", "criterion", "rematch", "natural", "natural"]);
    expect(explain("t0215-n12-r6-kiebitz-pairs").boards.some((b) => b.reason.kind === "criterion" && b.reason.criterion === "C8")).toBe(true);
  });

  it("names C4 when the offered pairing would leave the rest of the round unpairable, and colour preferences (C12)", () => {
    const { boards } = explain("t0157-n33-r10-kiebitz-pairs");
    expect(boards.filter((b) => b.reason.kind === "completion")).toHaveLength(1);
    expect(boards.some((b) => b.reason.kind === "criterion" && b.reason.criterion === "C12")).toBe(true);
    // every board has a colour rule; the higher player of each pair is one of its two
    for (const board of boards) {
      expect(["E1", "E2", "E3", "E4", "E5"]).toContain(board.colour);
      expect([board.white, board.black]).toContain(board.higher);
    }
  });

  it("maps each entry of a bracket's value to its criterion", () => {
    const layout = new Layout(3, 4);
    expect(layout.criterionAt(layout.c7(2))).toBe("C7");
    expect(layout.criterionAt(layout.c8)).toBe("C8");
    expect(layout.criterionAt(layout.c8Unpaired(1.5))).toBe("C8");
    expect(layout.criterionAt(layout.c9)).toBe("C9");
    expect([0, 1, 2, 3].map((i) => layout.criterionAt(layout.colours + i))).toEqual(["C10", "C11", "C12", "C13"]);
    expect(([14, 15, 16, 17] as const).map((c) => layout.criterionAt(layout.floats(c)))).toEqual(["C14", "C15", "C16", "C17"]);
    expect(([18, 19, 20, 21] as const).map((c) => layout.criterionAt(layout.floatScores(c, 1.5)))).toEqual(["C18", "C19", "C20", "C21"]);
  });
});
