import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pairDutch } from "./dutch";
import { computeTiebreak } from "./tiebreaks";
import { readTrf, recordsFromTrf, writePlayerLine, writeTrf } from "./trf";

const sample = readFileSync(path.join(import.meta.dirname, "testdata/round-robin.trf"), "utf8");

function read(text: string) {
  const result = readTrf(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe("FIDE TRF-16", () => {
  it("reads players, ratings, rounds and the TRFx lines", () => {
    const file = read(sample);
    expect(file.rounds).toBe(3);
    expect(file.initialColour).toBe("w");
    expect(file.players).toHaveLength(4);
    expect(file.players[0]).toMatchObject({
      startRank: 1, sex: "m", title: "GM", name: "Alpha, Anna", rating: 2000, federation: "GER",
      fideId: "12345678", birthDate: "1990/01/01", points: 2.5, rank: 1,
    });
    expect(file.players[0].rounds[2]).toEqual({ opponent: 3, colour: "b", result: "=" });
  });

  it("reads files with CR line ends and TRF-2026's rounds (142) and initial colour (152), as bbpPairings writes them", () => {
    const withoutTrfx = sample.split("\n").filter((line) => !line.startsWith("XX"));
    const file = read([...withoutTrfx, "142 5", "152 B"].join("\r"));
    expect(file.players).toHaveLength(4);
    expect(file.rounds).toBe(5);
    expect(file.initialColour).toBe("b");
    expect(readTrf("152 X\r")).toMatchObject({ ok: false, errors: [{ line: 1, message: "152: W or B expected" }] });
  });

  it("writes back exactly the file it read", () => {
    expect(writeTrf(read(sample))).toBe(sample);
    const windows = sample.replace(/\n/g, "\r\n");
    expect(writeTrf(read(windows))).toBe(sample);
  });

  it("computes the tiebreaks of a tournament read from a file", () => {
    const players = recordsFromTrf(read(sample));
    const context = { players, round: 3 };
    expect(players.map((p) => computeTiebreak("BUCHHOLZ", p, context))).toEqual([3.5, 4.5, 4, 6]);
    expect(players.map((p) => computeTiebreak("SONNEBORN_BERGER", p, context))).toEqual([2.5, 1, 2, 0]);
    expect(players.map((p) => computeTiebreak("AVERAGE_OPPONENT_RATING", p, context))).toEqual([1800, 1833, 1867, 1900]);
  });

  it("reads byes and forfeits as unplayed rounds", () => {
    const line = (rank: number, rounds: string) => `001 ${String(rank).padStart(4)}      Player ${rank}`.padEnd(89) + rounds;
    const text = [
      line(1, "     2 w +  0000 - U"),
      line(2, "     1 b -  0000 - H"),
    ].join("\n");
    const records = recordsFromTrf(read(text));
    expect(records[0].rounds).toEqual([
      { kind: "forfeit", opponent: 2, colour: "w", points: 1 },
      { kind: "pab", points: 1 },
    ]);
    expect(records[1].rounds[1]).toEqual({ kind: "bye", points: 0.5 });
  });

  it("refuses a fourth round for four players who all met, rather than pair anyone twice", () => {
    const players = recordsFromTrf(read(sample));
    const result = pairDutch({ players, present: [1, 2, 3, 4], round: 4, totalRounds: 4 });
    expect(result).toMatchObject({ ok: false, error: { code: "pairingsNotPossible" } });
  });

  it("names the line of a bad player line, and reads nothing of a bad file", () => {
    const broken = sample.replace("   2 w    Beta", "   x w    Beta");
    expect(readTrf(broken)).toMatchObject({ ok: false, errors: expect.arrayContaining([{ line: 4, message: "columns 5–8: start rank expected" }]) });
    const badResult = sample.replace("3 w =     1 b 0", "3 w ?     1 b 0");
    expect(readTrf(badResult)).toMatchObject({ ok: false, errors: expect.arrayContaining([{ line: 4, message: expect.stringContaining("round 1") }]) });
    const unknownOpponent = sample.replace("     4 w 1     2 w 1", "     9 w 1     2 w 1");
    expect(readTrf(unknownOpponent)).toMatchObject({ ok: false, errors: [{ message: "player 1, round 1: opponent 9 is not in the file" }] });
  });

  it("writes the fixed columns of a player line", () => {
    const line = writePlayerLine({
      startRank: 12, sex: "w", title: "WGM", name: "Müller, Jana", rating: 2301, federation: "GER", fideId: "24601",
      birthDate: "2001/02/03", points: 4.5, rank: 3, rounds: [{ opponent: null, colour: "-", result: "U" }],
    });
    expect(line.slice(4, 8)).toBe("  12");
    expect(line.slice(9, 13)).toBe("wWGM");
    expect(line.slice(14, 26)).toBe("Müller, Jana");
    expect(line.slice(48, 52)).toBe("2301");
    expect(line.slice(80, 84)).toBe(" 4.5");
    expect(line.slice(91)).toBe("0000 - U");
  });
});
