import { pairDutch } from "./dutch";
import type { TrfFile } from "./trf";
import { dutchInputFromTrf } from "./trfPairing";

/**
 * The checker FIDE's endorsement asks of a pairing program: every round of a tournament file is
 * paired again by the Dutch system from the rounds before it (with the same absences) and compared
 * with what the file records. Boards are compared as pairs with their colours (a TRF file does not
 * keep board order); the pairing-allocated bye too.
 */
export type RecordedRound = { boards: string[]; bye?: number };
export type RoundCheck = { round: number; recorded: RecordedRound; paired: RecordedRound | { error: string } };

/** A round as the file records it: "white-black" per board (forfeits included), sorted, and the PAB. */
export function recordedRound(file: TrfFile, round: number): RecordedRound {
  const boards = file.players.flatMap((p) => {
    const entry = p.rounds[round - 1];
    return entry?.opponent != null && entry.colour === "w" ? [`${p.startRank}-${entry.opponent}`] : [];
  });
  const bye = file.players.find((p) => p.rounds[round - 1]?.result === "U")?.startRank;
  return { boards: boards.sort(), ...(bye !== undefined ? { bye } : {}) };
}

/** The rounds of a file that hold a pairing (a game or the PAB), in order. */
export function pairedRounds(file: TrfFile): number[] {
  const rounds = Math.max(0, ...file.players.map((p) => p.rounds.length));
  const result: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const recorded = recordedRound(file, round);
    if (recorded.boards.length || recorded.bye !== undefined) result.push(round);
  }
  return result;
}

export function checkRound(file: TrfFile, round: number): RoundCheck {
  const recorded = recordedRound(file, round);
  const result = pairDutch(dutchInputFromTrf(file, round));
  if (!result.ok) return { round, recorded, paired: { error: "reason" in result.error ? result.error.reason : result.error.code } };
  const { pairings, bye } = result.value;
  const boards = pairings.map((p) => `${p.white}-${p.black}`).sort();
  return { round, recorded, paired: { boards, ...(bye !== undefined ? { bye } : {}) } };
}

export const roundsAgree = (check: RoundCheck) =>
  !("error" in check.paired) && check.paired.bye === check.recorded.bye && check.paired.boards.join() === check.recorded.boards.join();

/** Every paired round of the file checked; `differing` lists the rounds that do not agree. */
export function checkTournament(file: TrfFile): { rounds: RoundCheck[]; differing: RoundCheck[] } {
  const rounds = pairedRounds(file).map((round) => checkRound(file, round));
  return { rounds, differing: rounds.filter((check) => !roundsAgree(check)) };
}

/** What differs in a round, for people: the boards only one side has, and the byes. */
export function describeDifference(check: RoundCheck): string {
  if ("error" in check.paired) return `round ${check.round}: the file has a pairing, the engine found none (${check.paired.error})`;
  const ours = new Set(check.paired.boards);
  const theirs = new Set(check.recorded.boards);
  const onlyFile = check.recorded.boards.filter((b) => !ours.has(b));
  const onlyEngine = check.paired.boards.filter((b) => !theirs.has(b));
  const parts = [`round ${check.round}:`];
  if (onlyFile.length) parts.push(`file ${onlyFile.join(" ")}`);
  if (onlyEngine.length) parts.push(`engine ${onlyEngine.join(" ")}`);
  if (check.paired.bye !== check.recorded.bye) parts.push(`bye file ${check.recorded.bye ?? "none"}, engine ${check.paired.bye ?? "none"}`);
  return parts.join(" ");
}
