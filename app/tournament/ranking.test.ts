import { describe, expect, it } from "vitest";
import { checkPlayersChangeable, checkRoundDrawable, initialRanking } from "./ranking";

const players = [
  { key: "a", name: "Zoe", elo: 1800, nwz: 1900 },
  { key: "b", name: "Adam", elo: null, nwz: 2000 },
  { key: "c", name: "Carl", elo: 2100, nwz: null },
  { key: "d", name: "Dana", elo: null, nwz: null },
  { key: "e", name: "Eve", elo: 1800, nwz: 1700, title: "FM" },
];

describe("initial ranking", () => {
  it("ELO before NWZ, pseudo rating for the unrated, then title, then name", () => {
    expect(initialRanking(players, "ELO_BEFORE_NWZ", 1850).map((p) => p.key)).toEqual(["c", "b", "d", "e", "a"]);
  });
  it("NWZ before ELO", () => {
    expect(initialRanking(players, "NWZ_BEFORE_ELO").map((p) => p.key)).toEqual(["c", "b", "a", "e", "d"]);
  });
  it("ELO or NWZ: the higher of both", () => {
    expect(initialRanking(players, "ELO_OR_NWZ").map((p) => p.key)).toEqual(["c", "b", "a", "e", "d"]);
  });
});

describe("round and player errors of spec §8", () => {
  it("pairings already drawn, round no longer exists", () => {
    expect(checkRoundDrawable(2, 2)).toEqual({ ok: false, error: { code: "pairingsAlreadyDrawn", round: 2 } });
    expect(checkRoundDrawable(4, 2)).toEqual({ ok: false, error: { code: "roundDoesNotExist", round: 4 } });
    expect(checkRoundDrawable(6, 5, 5)).toEqual({ ok: false, error: { code: "roundDoesNotExist", round: 6 } });
    expect(checkRoundDrawable(3, 2, 5)).toEqual({ ok: true, value: true });
  });
  it("players cannot be changed once rounds or games exist", () => {
    expect(checkPlayersChangeable(true, false)).toEqual({ ok: false, error: { code: "playersLocked", reason: "roundsExist" } });
    expect(checkPlayersChangeable(false, true)).toEqual({ ok: false, error: { code: "playersLocked", reason: "gamesPlayed" } });
    expect(checkPlayersChangeable(false, false).ok).toBe(true);
  });
});
