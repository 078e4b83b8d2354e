import { initialColourOf } from "./colours";
import type { DutchInput } from "./dutch";
import { recordsFromTrf, type TrfFile } from "./trf";
import { accelerationsIn, forbiddenPairsIn, STANDARD_POINTS } from "./trfRules";
import type { RoundPairing } from "./types";

/**
 * What the Dutch system pairs in round `round` of a TRF file (as pairing programs read one):
 * the rounds before it; the players who play it, that is everyone except those the file marks
 * absent in that round (a round entry without opponent other than the PAB or a win by forfeit:
 * H, F, Z or -); the
 * number of rounds from XXR (else the rounds in the file); the initial colour from XXC (else
 * round 1 as played); TRF-2026's absences (240), point system (162), accelerations (250, XXA,
 * Baku) and forbidden pairs (260, XXP) of that round.
 */
export function dutchInputFromTrf(file: TrfFile, round: number): DutchInput {
  const records = recordsFromTrf(file);
  const rounds = Math.max(round, ...file.players.map((p) => p.rounds.length));
  const absent = (entry: TrfFile["players"][number]["rounds"][number] | undefined) =>
    entry !== undefined && entry.opponent === null && !["U", "+", " "].includes(entry.result);
  const announced = new Set(file.rules.absences.filter((a) => a.round === round).flatMap((a) => a.players));
  const totalRounds = file.rounds ?? rounds;
  const system = file.rules.points ?? STANDARD_POINTS;
  // virtual points of each round, read once per round the engine asks about
  const accelerations = new Map<number, Map<number, number>>();
  const ids = file.players.map((p) => p.startRank);
  const acceleration = (id: number, r: number) => {
    if (!accelerations.has(r)) accelerations.set(r, accelerationsIn(file.rules, r, ids, totalRounds));
    return accelerations.get(r)!.get(id) ?? 0;
  };
  return {
    players: records.map((record) => ({ ...record, rounds: record.rounds.slice(0, round - 1) })),
    present: file.players.filter((p) => !absent(p.rounds[round - 1]) && !announced.has(p.startRank)).map((p) => p.startRank),
    round,
    totalRounds,
    initialColour: file.initialColour ?? initialColourOf(records) ?? "w",
    winPoints: system.win,
    drawPoints: system.draw,
    lossPoints: system.loss,
    acceleration,
    forbidden: forbiddenPairsIn(file.rules, round),
  };
}

/** Whether a round entry is a pairing: a game (opponent), the pairing-allocated bye, or a forfeit win given by pairing. */
const paired = (entry: TrfFile["players"][number]["rounds"][number]) => entry.opponent !== null || entry.result === "U" || entry.result === "+";

/**
 * The next round of a TRF file: the one after the last round with a pairing. Entries after it
 * (`0000 - H`, `0000 - Z`: byes announced for the round to pair) are absences in that round, not
 * a round of their own.
 */
export function nextRoundOf(file: TrfFile): number {
  let last = 0;
  for (const player of file.players) {
    for (let r = player.rounds.length; r > last; r--) {
      if (paired(player.rounds[r - 1])) {
        last = r;
        break;
      }
    }
  }
  return last + 1;
}

/**
 * A round's pairing as pairing programs print it (JaVaFo, bbpPairings): the number of pairs, then
 * "white black" per board in board order, the PAB as "player 0" at the end.
 */
export function pairingListing(pairing: RoundPairing): string {
  const lines = pairing.pairings.map((p) => `${p.white} ${p.black}`);
  if (pairing.bye !== undefined) lines.push(`${pairing.bye} 0`);
  return `${lines.length}\n${lines.map((line) => `${line}\n`).join("")}`;
}
