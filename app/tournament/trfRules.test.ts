import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pairDutch } from "./dutch";
import { readTrf } from "./trf";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "./trfPairing";
import { bakuAcceleration, emptyRules, forbiddenPairsIn, accelerationsIn, readRuleLine, STANDARD_POINTS } from "./trfRules";

describe("TRF-2026 lines on pairing rules", () => {
  it("reads a point system (162), the PAB worth a win unless given", () => {
    const rules = emptyRules();
    expect(readRuleLine("162", "162  W 3.0    D 1.0    L 0.0    Z 0.0", rules)).toBeUndefined();
    expect(rules.points).toEqual({ win: 3, draw: 1, loss: 0, zero: 0, pab: 3 });
    expect(readRuleLine("162", "162  P 1.0    W 2.0", rules)).toBeUndefined();
    expect(rules.points).toMatchObject({ win: 2, pab: 1 });
    expect(readRuleLine("162", "162  X 1.0", rules)).toBe('162: unknown result "X" (W, D, L, Z or P expected)');
  });

  it("reads announced absences (240), accelerations (250, XXA) and forbidden pairs (260, XXP), refusing bad lines", () => {
    const rules = emptyRules();
    expect(readRuleLine("240", "240 H   4   13    6", rules)).toBeUndefined();
    expect(readRuleLine("250", "250       1.0   1   6    1    7", rules)).toBeUndefined();
    expect(readRuleLine("260", "260   1  11    2    1    5", rules)).toBeUndefined();
    expect(readRuleLine("XXP", "XXP 9 1", rules)).toBeUndefined();
    expect(readRuleLine("XXA", "XXA    3  1.0  0.5", rules)).toBeUndefined();
    expect(rules.absences).toEqual([{ type: "H", round: 4, players: [13, 6] }]);
    expect(rules.accelerations).toEqual([{ points: 1, firstRound: 1, lastRound: 6, firstPlayer: 1, lastPlayer: 7 }]);
    expect(forbiddenPairsIn(rules, 3)).toEqual([[2, 1], [2, 5], [1, 5], [9, 1]]);
    expect(forbiddenPairsIn(rules, 12)).toEqual([[9, 1]]);
    // XXA given: the 250 lines and XXA lines both apply, XXA last
    expect([...accelerationsIn(rules, 2, [1, 3, 8], 9)]).toEqual([[1, 1], [3, 0.5]]);
    expect(readRuleLine("240", "240 X   4   13", emptyRules())).toBe("240: bye type F, H or Z expected in column 5");
    expect(readRuleLine("250", "250    1  1.0   6   1    1    7", emptyRules())).toBe("250: match points (columns 5–8) must be empty");
    expect(readRuleLine("260", "260   1   6    8", emptyRules())).toBe("260: at least two players expected");
    expect(readRuleLine("260", "260   5   2    8    9", emptyRules())).toBe("260: first round after the last");
    // every two players of a line are a pair: a line of thousands would make millions of pairs
    expect(readRuleLine("XXP", `XXP ${Array.from({ length: 101 }, (_, i) => i + 1).join(" ")}`, emptyRules())).toBe("XXP: at most 100 players per line");
    expect(readTrf("012 Open\n240 H 999    1\n")).toMatchObject({ ok: false, errors: [{ line: 2, message: "240: a round (1–100) expected" }] });
  });

  it("accelerates by the Baku method: the upper half a win's points in the first quarter of the rounds, a draw's up to half", () => {
    const players = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
    // 9 rounds: rounds 1–3 a win, 4–5 a draw, then nothing; 7 of 13 players
    expect([...bakuAcceleration(players, 1, 9, STANDARD_POINTS).entries()]).toEqual(players.slice(0, 7).map((id) => [id, 1]));
    expect([...bakuAcceleration(players, 3, 9, STANDARD_POINTS).values()]).toEqual(Array(7).fill(1));
    expect([...bakuAcceleration(players, 4, 9, STANDARD_POINTS).values()]).toEqual(Array(7).fill(0.5));
    expect([...bakuAcceleration(players, 5, 9, STANDARD_POINTS).values()]).toEqual(Array(7).fill(0.5));
    expect(bakuAcceleration(players, 6, 9, STANDARD_POINTS).size).toBe(0);
  });
});

describe("rounds with TRF-2026 rule lines, paired as bbpPairings v6.0.0 pairs them", () => {
  const folder = path.join(import.meta.dirname, "testdata/bbp-rules");
  for (const name of readdirSync(folder).filter((f) => !f.endsWith(".md"))) {
    it(`${name}: as bbpPairings, and not as without its rule line`, () => {
      const text = readFileSync(path.join(folder, name, "input.trf"), "utf8");
      const expected = readFileSync(path.join(folder, name, "bbp.txt"), "utf8");
      const pair = (source: string) => {
        const file = readTrf(source);
        if (!file.ok) throw new Error(JSON.stringify(file.errors));
        const result = pairDutch(dutchInputFromTrf(file.value, nextRoundOf(file.value)));
        return result.ok ? pairingListing(result.value) : "";
      };
      expect(pair(text)).toBe(expected);
      expect(pair(text.split("\n").filter((line) => !/^(162|192|240|250|260|XXP)/.test(line)).join("\n"))).not.toBe(expected);
    });
  }
});
