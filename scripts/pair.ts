import { readFileSync, writeFileSync } from "node:fs";
import { pairDutch } from "~/tournament/dutch";
import { readTrf, writeTrf, type TrfFile } from "~/tournament/trf";
import { checkTournament, describeDifference } from "~/tournament/trfCheck";
import { generateTournament, readGeneratorConfig, DEFAULT_GENERATOR_CONFIG } from "~/tournament/trfGenerate";
import { dutchInputFromTrf, nextRoundOf, pairingListing } from "~/tournament/trfPairing";

/**
 * The FIDE Dutch system on TRF(x) files, with the options of pairing programs:
 *   npm run pair -- [--dutch] <tournament.trf> [-p [output-file]]   pair the next round, print it as pairing programs do
 *   npm run pair -- [--dutch] --check <tournament.trf>…              pair every round again, list those that differ
 *   npm run pair -- [--dutch] --generate [config] -o <file.trf> [-s seed]   a random tournament
 * Exit status: 0 done (and no round differs), 1 no pairing exists (or rounds differ), 3 bad request or file.
 */
const USAGE = [
  "usage: npm run pair -- [--dutch] <tournament.trf> [-p [output-file]]",
  "       npm run pair -- [--dutch] --check <tournament.trf>…",
  "       npm run pair -- [--dutch] --generate [config-file] -o <output.trf> [-s seed]",
].join("\n");
const args = process.argv.slice(2).filter((arg) => arg !== "--dutch");
const option = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1] && !args[at + 1].startsWith("-") ? args[at + 1] : "";
};
const fail = (message: string, status = 3): never => {
  console.error(message);
  process.exit(status);
};
const readText = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    return fail(`cannot read ${file}: ${(error as Error).message}`);
  }
};

function readTournament(input: string): TrfFile {
  const file = readTrf(readText(input));
  if (!file.ok) return fail(file.errors.map((error) => `${input}${error.line ? `:${error.line}` : ""}: ${error.message}`).join("\n"));
  return file.value;
}

function generate() {
  const configFile = option("--generate");
  const output = option("-o") || fail(USAGE);
  const seedText = option("-s");
  const seed = seedText ? Number(seedText) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) fail("-s: a whole number from 0 to 4294967295 expected");
  const config = configFile ? readGeneratorConfig(readText(configFile)) : { ok: true as const, value: DEFAULT_GENERATOR_CONFIG };
  if (!config.ok) return fail(config.errors.map((e) => `${configFile}: ${e}`).join("\n"));
  const result = generateTournament(config.value, seed);
  writeFileSync(output, writeTrf(result.file));
  if (!result.ok) fail(`seed ${seed}: round ${result.round} cannot be paired (${result.reason}); the rounds before it are in ${output}`, 1);
  console.log(`seed ${seed}: ${config.value.players} players, ${config.value.rounds} rounds → ${output}`);
}

function check(inputs: string[]) {
  let failed = 0;
  for (const input of inputs) {
    const { rounds, differing } = checkTournament(readTournament(input));
    for (const difference of differing) console.log(`${input}: ${describeDifference(difference)}`);
    console.log(`${input}: ${rounds.length} rounds checked, ${differing.length} differ`);
    if (differing.length) failed++;
  }
  if (inputs.length > 1) console.log(`${inputs.length} tournaments checked, ${failed} with rounds that differ`);
  if (failed) process.exit(1);
}

function pairNext(input: string) {
  const file = readTournament(input);
  const round = nextRoundOf(file);
  if (file.rounds !== undefined && round > file.rounds) fail(`${input}: all ${file.rounds} rounds (XXR) are paired`);
  const result = pairDutch(dutchInputFromTrf(file, round));
  if (!result.ok) fail(`round ${round}: ${"reason" in result.error ? result.error.reason : result.error.code}`, 1);
  const listing = pairingListing(result.ok ? result.value : { pairings: [] });
  const output = option("-p");
  if (output) writeFileSync(output, listing);
  else process.stdout.write(listing);
}

if (args.includes("--generate")) generate();
else if (args.includes("--check")) {
  const inputs = args.filter((arg) => arg !== "--check");
  if (!inputs.length || inputs.some((arg) => arg.startsWith("-"))) fail(USAGE);
  check(inputs);
} else {
  const input = args[0];
  if (!input || input.startsWith("-")) fail(USAGE);
  else pairNext(input);
}
