import { describe, expect, it } from "vitest";
import { readTournamentFile, tiebreakCodes, TOURNAMENT_FILE_FORMAT, writeTournamentFile } from "./tournamentFile";

const valid = {
  format: TOURNAMENT_FILE_FORMAT,
  version: 1,
  name: "Club Open",
  mode: "SWISS",
  plannedRounds: 5,
  tiebreaks: [3, 5, 4],
  pseudoRating: 1000,
  twz: "NWZ_BEFORE_ELO",
  participants: [
    { startRank: 1, name: "Anna", elo: 2100 },
    { startRank: 2, name: "Bert", nwz: 1800, club: "SK Kiebitz" },
  ],
  rounds: [{ round: 1, games: [{ board: 1, white: 1, black: 2, result: "1-0" }] }],
};

describe("the Kiebitz tournament file", () => {
  it("reads and writes a versioned tournament with participants, rounds, tiebreak codes, pseudo rating and TWZ", () => {
    const read = readTournamentFile(JSON.stringify(valid));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.participants[1]).toEqual({ startRank: 2, name: "Bert", nwz: 1800, club: "SK Kiebitz", active: true });
    expect(readTournamentFile(writeTournamentFile(read.value))).toEqual(read);
  });

  it("names the field of every problem and returns nothing", () => {
    const bad = {
      ...valid,
      version: 2,
      tiebreaks: [3, 5, 4, 6],
      participants: [...valid.participants, { startRank: 2, name: "" }],
      rounds: [{ round: 1, games: [{ board: 1, white: 1, black: 9, result: "2-0" }] }],
    };
    const result = readTournamentFile(JSON.stringify(bad));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^version: /),
        expect.stringMatching(/^tiebreaks: /),
        expect.stringMatching(/^participants\.2\.name: /),
        expect.stringMatching(/^rounds\.0\.games\.0\.result: /),
      ]),
    );
    expect(readTournamentFile("{oops")).toMatchObject({ ok: false, errors: [expect.stringMatching(/^not JSON/)] });
  });

  it("maps tiebreak names to the file codes 0–16", () => {
    expect(tiebreakCodes(["BUCHHOLZ", "SONNEBORN_BERGER", "DIRECT_ENCOUNTER"])).toEqual([3, 5, 16]);
  });
});
