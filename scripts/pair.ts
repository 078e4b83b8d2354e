import { readFileSync, writeFileSync } from "node:fs";
import { pairDutch } from "~/tournament/dutch";
import { readTrf } from "~/tournament/trf";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "~/tournament/trfPairing";

/**
 * `npm run pair -- [--dutch] <tournament.trf> [-p [output-file]]`: pairs the next round of a TRF(x)
 * file by the FIDE Dutch system and prints the pairings as pairing programs do. Exit status:
 * 0 paired, 1 no pairing exists, 3 bad request or file.
 */
const args = process.argv.slice(2).filter((arg) => arg !== "--dutch");
const input = args[0];
const p = args.indexOf("-p");
const output = p >= 0 ? args[p + 1] : undefined;
if (!input || input.startsWith("-")) {
  console.error("usage: npm run pair -- [--dutch] <tournament.trf> [-p [output-file]]");
  process.exit(3);
}
let text: string;
try {
  text = readFileSync(input, "utf8");
} catch (error) {
  console.error(`cannot read ${input}: ${(error as Error).message}`);
  process.exit(3);
}
const file = readTrf(text);
if (!file.ok) {
  for (const error of file.errors) console.error(`${input}${error.line ? `:${error.line}` : ""}: ${error.message}`);
  process.exit(3);
}
const round = nextRoundOf(file.value);
if (file.value.rounds !== undefined && round > file.value.rounds) {
  console.error(`${input}: all ${file.value.rounds} rounds (XXR) are paired`);
  process.exit(3);
}
const result = pairDutch(dutchInputFromTrf(file.value, round));
if (!result.ok) {
  console.error(`round ${round}: ${"reason" in result.error ? result.error.reason : result.error.code}`);
  process.exit(1);
}
const listing = pairingListing(result.value);
if (output) writeFileSync(output, listing);
else process.stdout.write(listing);
