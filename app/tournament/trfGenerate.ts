import { seededRandom } from "~/chess/random";
import { MAX_PLAYERS, MAX_RATING, MAX_ROUNDS } from "~/lib/limits";
import { pairDutch } from "./dutch";
import type { TrfFile, TrfPlayer, TrfResultCode, TrfRound } from "./trf";
import { dutchInputFromTrf } from "./trfPairing";
import { emptyRules } from "./trfRules";
import type { Colour } from "./types";

/**
 * Random tournaments paired by the Dutch system, as FIDE's endorsement asks of a pairing program
 * (a random tournament generator). The configuration uses the keys of the generators pairing
 * programs ship (JaVaFo's RTG, bbpPairings), one `Key=value` per line, `#` for comments:
 *   PlayersNumber, RoundsNumber, DrawPercentage (0–100), ForfeitRate (one game in N is forfeited),
 *   RetiredRate (one player in N is absent, zero points, in some rounds), HalfPointByeRate (one
 *   player in N takes half-point byes), HighestRating, LowestRating.
 * Results follow the rating difference (Elo expectation); the same seed gives the same file.
 */
export type GeneratorConfig = {
  players: number;
  rounds: number;
  drawPercentage: number;
  forfeitRate: number;
  retiredRate: number;
  halfPointByeRate: number;
  highestRating: number;
  lowestRating: number;
};

export const DEFAULT_GENERATOR_CONFIG: GeneratorConfig = {
  players: 40,
  rounds: 9,
  drawPercentage: 30,
  forfeitRate: Infinity,
  retiredRate: Infinity,
  halfPointByeRate: Infinity,
  highestRating: 2600,
  lowestRating: 1400,
};

const KEYS: Record<string, { key: keyof GeneratorConfig; min: number; max: number; integer: boolean }> = {
  PlayersNumber: { key: "players", min: 2, max: MAX_PLAYERS, integer: true },
  RoundsNumber: { key: "rounds", min: 1, max: MAX_ROUNDS, integer: true },
  DrawPercentage: { key: "drawPercentage", min: 0, max: 100, integer: true },
  ForfeitRate: { key: "forfeitRate", min: 1, max: 1e9, integer: false },
  RetiredRate: { key: "retiredRate", min: 1, max: 1e9, integer: false },
  HalfPointByeRate: { key: "halfPointByeRate", min: 1, max: 1e9, integer: false },
  HighestRating: { key: "highestRating", min: 0, max: MAX_RATING, integer: true },
  LowestRating: { key: "lowestRating", min: 0, max: MAX_RATING, integer: true },
};

export function readGeneratorConfig(text: string): { ok: true; value: GeneratorConfig } | { ok: false; errors: string[] } {
  const value = { ...DEFAULT_GENERATOR_CONFIG };
  const errors: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const at = line.indexOf("=");
    const name = at < 0 ? line : line.slice(0, at).trim();
    const spec = KEYS[name];
    if (!spec) return void errors.push(`line ${index + 1}: unknown key "${name.slice(0, 40)}" (known: ${Object.keys(KEYS).join(", ")})`);
    const number = Number(line.slice(at + 1).trim());
    if (at < 0 || !Number.isFinite(number) || number < spec.min || number > spec.max || (spec.integer && !Number.isInteger(number))) {
      return void errors.push(`line ${index + 1}: ${name} must be ${spec.integer ? "a whole number" : "a number"} from ${spec.min} to ${spec.max}`);
    }
    value[spec.key] = number;
  });
  if (value.lowestRating > value.highestRating) errors.push("LowestRating is higher than HighestRating");
  return errors.length ? { ok: false, errors } : { ok: true, value };
}

const absence = (result: TrfResultCode): TrfRound => ({ opponent: null, colour: "-", result });

/** Which players are absent in which rounds: retired players miss the rounds from one on (zero points), others take half-point byes. */
function plannedAbsences(config: GeneratorConfig, random: () => number): Map<string, TrfResultCode> {
  const absences = new Map<string, TrfResultCode>();
  const pick = (rate: number) => (Number.isFinite(rate) ? Math.min(config.players, Math.round(config.players / rate)) : 0);
  const players = Array.from({ length: config.players }, (_, i) => i + 1);
  const shuffled = () => players.map((p) => [random(), p] as const).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  if (config.rounds >= 2) {
    for (const player of shuffled().slice(0, pick(config.retiredRate))) {
      const from = 2 + Math.floor(random() * (config.rounds - 1));
      for (let round = from; round <= config.rounds; round++) absences.set(`${player}:${round}`, "Z");
    }
  }
  for (const player of shuffled().slice(0, pick(config.halfPointByeRate))) {
    const round = 1 + Math.floor(random() * config.rounds);
    if (!absences.has(`${player}:${round}`)) absences.set(`${player}:${round}`, "H");
  }
  return absences;
}

/** White's expected score against black by the Elo formula. */
const expected = (white: number, black: number) => 1 / (1 + 10 ** ((black - white) / 400));

export type GeneratedTournament = { ok: true; file: TrfFile } | { ok: false; round: number; reason: string; file: TrfFile };

export function generateTournament(config: GeneratorConfig, seed: number): GeneratedTournament {
  const random = seededRandom(seed);
  const ratings = Array.from({ length: config.players }, () => config.lowestRating + Math.floor(random() * (config.highestRating - config.lowestRating + 1)));
  ratings.sort((a, b) => b - a);
  const players: TrfPlayer[] = ratings.map((rating, i) => ({
    startRank: i + 1,
    sex: "",
    title: "",
    name: `Player ${i + 1}`,
    rating: rating || null,
    federation: "",
    fideId: "",
    birthDate: "",
    points: 0,
    rank: null,
    rounds: [],
  }));
  const initialColour: Colour = random() < 0.5 ? "w" : "b";
  const file: TrfFile = {
    lines: [
      { code: "012", text: `012 Random tournament ${seed}` },
      { code: "XXR", text: `XXR ${config.rounds}` },
      { code: "XXC", text: `XXC ${initialColour === "w" ? "white1" : "black1"}` },
    ],
    playersAt: 3,
    players,
    rounds: config.rounds,
    initialColour,
    rules: emptyRules(),
  };
  const absences = plannedAbsences(config, random);
  const points: Record<string, number> = { "1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0, U: 1, H: 0.5, Z: 0 };
  const play = (player: TrfPlayer, entry: TrfRound) => {
    player.rounds.push(entry);
    player.points += points[entry.result] ?? 0;
  };
  for (let round = 1; round <= config.rounds; round++) {
    for (const player of players) {
      const result = absences.get(`${player.startRank}:${round}`);
      if (result) play(player, absence(result));
    }
    const pairing = pairDutch(dutchInputFromTrf(file, round));
    if (!pairing.ok) return { ok: false, round, reason: "reason" in pairing.error ? pairing.error.reason : pairing.error.code, file };
    for (const { white, black } of pairing.value.pairings) {
      const [w, b] = [players[white - 1], players[black - 1]];
      let score: "1" | "=" | "0";
      const forfeit = random() < 1 / config.forfeitRate;
      if (forfeit) score = random() < 0.5 ? "1" : "0";
      else if (random() * 100 < config.drawPercentage) score = "=";
      else score = random() < expected((w.rating ?? 0) + 35, b.rating ?? 0) ? "1" : "0";
      const [whiteResult, blackResult]: [TrfResultCode, TrfResultCode] =
        score === "=" ? ["=", "="] : forfeit ? (score === "1" ? ["+", "-"] : ["-", "+"]) : score === "1" ? ["1", "0"] : ["0", "1"];
      play(w, { opponent: black, colour: "w", result: whiteResult });
      play(b, { opponent: white, colour: "b", result: blackResult });
    }
    if (pairing.value.bye !== undefined) play(players[pairing.value.bye - 1], absence("U"));
  }
  return { ok: true, file };
}
