import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pairDutch } from "./dutch";
import { readTrf, type TrfFile } from "./trf";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "./trfPairing";

const folder = path.join(import.meta.dirname, "testdata/dutch-2026");

function read(name: string): TrfFile {
  const result = readTrf(readFileSync(path.join(folder, name), "utf8"));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

/** A round as the file records it: "white-black" per board (forfeits included) and the PAB. */
function recorded(file: TrfFile, round: number) {
  const boards = file.players.flatMap((p) => {
    const entry = p.rounds[round - 1];
    return entry?.opponent !== null && entry?.colour === "w" ? [`${p.startRank}-${entry.opponent}`] : [];
  });
  const bye = file.players.find((p) => p.rounds[round - 1]?.result === "U")?.startRank;
  return { boards: boards.sort(), bye };
}

describe("Dutch system against bbpPairings v6 (the 2026 edition)", () => {
  const files = readdirSync(folder).filter((f) => f.endsWith(".trf"));
  // The ordered search decides small brackets; the weighted matching (used when the search takes long) must agree.
  for (const [name, how, matchingAfter] of files.flatMap((f) => [[f, "by the ordered search", undefined], [f, "by weighted matching", 0]] as const)) {
    it(`pairs every round of ${name} ${how} as bbpPairings did, colours and bye included`, () => {
      const file = read(name);
      const rounds = Math.max(...file.players.map((p) => p.rounds.length));
      for (let round = 1; round <= rounds; round++) {
        const result = pairDutch({ ...dutchInputFromTrf(file, round), matchingAfter });
        if (!result.ok) throw new Error(`round ${round}: ${JSON.stringify(result.error)}`);
        const ours = { boards: result.value.pairings.map((p) => `${p.white}-${p.black}`).sort(), bye: result.value.bye };
        expect(ours, `round ${round}`).toEqual(recorded(file, round));
      }
    });
  }

  it("leaves out a player marked absent in the round to pair, and reads the initial colour from round 1", () => {
    const file = read("small-8.trf");
    // Round 2 of small-8: player 11 had the PAB in round 1; mark player 1 absent (zero-point bye) in round 2.
    file.players[0].rounds[1] = { opponent: null, colour: "-", result: "Z" };
    const input = dutchInputFromTrf(file, 2);
    expect(input.present).not.toContain(1);
    expect(input.present).toHaveLength(10);
    expect(input.totalRounds).toBe(5);
    const result = pairDutch(input);
    expect(result.ok && result.value.pairings.length).toBe(5);
    expect(result.ok && result.value.bye).toBeUndefined();
  });

  it("pairs the round after the last one a file records, listed as pairing programs print it", () => {
    const file = read("small-3.trf");
    for (const player of file.players) player.rounds = player.rounds.slice(0, 6);
    expect(nextRoundOf(file)).toBe(7);
    const result = pairDutch(dutchInputFromTrf(file, 7));
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(pairingListing(result.value)).toBe("8\n8 2\n3 6\n1 7\n13 4\n14 11\n9 5\n15 12\n10 0\n");
  });
});

describe("rounds where the engine or `npm run pair` differed from bbpPairings v6.0.0", () => {
  const cases = path.join(import.meta.dirname, "testdata/bbp-cases");
  // Each folder: a round to pair (byes announced for it as trailing 0000 - H / Z entries) and bbpPairings' answer.
  // "-cli-" cases: the wrong round was paired; "t…-kiebitz-pairs": C8 counted the next bracket's pairs without C4;
  // n300-r2 and n1000-r5: brackets of 129–214 players were not decided exactly; n138-r1-c8-completion (made by hand:
  // virtual points and forbidden pairs): with a round over 120 players, C8 counted the next bracket on its own;
  // n208-r1-c8-large (by hand): C8 was not looked at where the next bracket had over 200 players; n240-r1-forced-floaters
  // (by hand): a bracket of 100 with two players who can meet nobody in it, whose best candidate needs its first S1
  // player's partner changed, went to the ordered search, which ran out of steps with a worse candidate (1–49, an
  // exchange, where bbpPairings' transposition pairs 1–51 and 49–50); n64-r1-mdp-choice (by hand): 8 of 16 MDPs to
  // pair, the best set the last of 12,870, which the ordered search never reached.
  for (const name of readdirSync(cases)) {
    it(`${name}: the round after the last paired one, paired as bbpPairings did`, () => {
      const trf = readTrf(readFileSync(path.join(cases, name, "input.trf"), "utf8"));
      if (!trf.ok) throw new Error(JSON.stringify(trf.errors));
      const round = nextRoundOf(trf.value);
      // the -cli- cases end in a column of announced byes: that column is the round to pair
      if (name.includes("-cli-")) expect(round).toBe(Math.max(...trf.value.players.map((p) => p.rounds.length)));
      const result = pairDutch(dutchInputFromTrf(trf.value, round));
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      expect(pairingListing(result.value)).toBe(readFileSync(path.join(cases, name, "bbp.txt"), "utf8"));
    });
  }
});
