import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTrf } from "~/tournament/trf";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "~/tournament/trfPairing";
import { explainRoundInThread, pairDutchInThread } from "./pairing.server";

const folder = path.join(import.meta.dirname, "../tournament/testdata/bbp-cases");
const roundOf = (name: string) => {
  const file = readTrf(readFileSync(path.join(folder, name, "input.trf"), "utf8"));
  if (!file.ok) throw new Error(JSON.stringify(file.errors));
  return dutchInputFromTrf(file.value, nextRoundOf(file.value));
};

describe("the Dutch engine in a worker thread", () => {
  it("pairs a 1,000-player round as bbpPairings did while the app's own thread goes on answering", async () => {
    const input = roundOf("n1000-r5");
    await pairDutchInThread(roundOf("t0044-n12-r5-kiebitz-pairs")); // the thread started
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const pairing = await pairDutchInThread(input);
    clearInterval(timer);
    if (!pairing.ok) throw new Error(JSON.stringify(pairing.error));
    expect(pairingListing(pairing.value)).toBe(readFileSync(path.join(folder, "n1000-r5", "bbp.txt"), "utf8"));
    // paired on this thread, the round would have held every timer until it was done
    expect(ticks).toBeGreaterThan(3);
  });

  it("keeps the virtual points of an accelerated round (a function on this side) and explains its boards", async () => {
    const input = roundOf("n64-r1-mdp-choice");
    expect(input.acceleration).toBeDefined();
    const pairing = await pairDutchInThread(input);
    if (!pairing.ok) throw new Error(JSON.stringify(pairing.error));
    expect(pairingListing(pairing.value)).toBe(readFileSync(path.join(folder, "n64-r1-mdp-choice", "bbp.txt"), "utf8"));
    const explained = await explainRoundInThread(input);
    if (!explained.ok) throw new Error(JSON.stringify(explained.error));
    // board 1: M1 (3 virtual points, 8 MDPs floated on) against the top player of the group below
    expect(explained.value.boards[0]).toMatchObject({ white: 1, black: 25, bracket: { score: 1 } });
  });
});
