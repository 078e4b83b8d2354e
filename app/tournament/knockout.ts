/**
 * Knockout: a seeded bracket for any number of players. Seeds are placed so that 1 and 2 can
 * meet only in the final, 1–4 only from the semi-finals, and so on; when the field is not a
 * power of two the top seeds receive byes in the first round. A drawn match is decided by the
 * recorded winner (tie-break games, armageddon, lot).
 */
export type KnockoutMatch = { round: number; slot: number; white?: number; black?: number; winner?: number };

/** Seed order of the bracket positions for a power-of-two size: 1, n, n/2+1, n/2, ... (standard seeding). */
export function seedPositions(size: number): number[] {
  let positions = [1];
  while (positions.length < size) {
    const next = positions.length * 2 + 1;
    positions = positions.flatMap((seed) => [seed, next - seed]);
  }
  return positions;
}

/** First-round matches; a missing opponent is a bye (the seed advances). */
export function knockoutFirstRound(players: number): KnockoutMatch[] {
  let size = 1;
  while (size < players) size *= 2;
  const positions = seedPositions(size);
  const matches: KnockoutMatch[] = [];
  for (let slot = 0; slot < size / 2; slot++) {
    const [a, b] = [positions[2 * slot], positions[2 * slot + 1]];
    const white = a <= players ? a : undefined;
    const black = b <= players ? b : undefined;
    matches.push({ round: 1, slot, white, black, ...(black === undefined ? { winner: white } : white === undefined ? { winner: black } : {}) });
  }
  return matches;
}

export type MatchResult = { winner?: number; whitePoints?: number; blackPoints?: number };

/** The winner of a match: more points wins; a draw needs the recorded winner. */
export function matchWinner(match: KnockoutMatch, result: MatchResult): number | undefined {
  if (match.white === undefined || match.black === undefined) return match.white ?? match.black;
  if (result.whitePoints !== undefined && result.blackPoints !== undefined && result.whitePoints !== result.blackPoints) {
    return result.whitePoints > result.blackPoints ? match.white : match.black;
  }
  return result.winner === match.white || result.winner === match.black ? result.winner : undefined;
}

/** The next round's matches from the winners of this one (winner of slot 2k meets winner of 2k+1). */
export function nextKnockoutRound(matches: KnockoutMatch[]): KnockoutMatch[] | undefined {
  if (matches.length <= 1 || matches.some((m) => m.winner === undefined)) return undefined;
  const round = matches[0].round + 1;
  const next: KnockoutMatch[] = [];
  for (let slot = 0; slot < matches.length / 2; slot++) {
    next.push({ round, slot, white: matches[2 * slot].winner, black: matches[2 * slot + 1].winner });
  }
  return next;
}

/** Rounds of a bracket for this many players (6 players: 3 rounds, the first with two byes). */
export function knockoutRounds(players: number): number {
  return players < 2 ? 0 : Math.ceil(Math.log2(players));
}

export type Stage = "final" | "thirdPlace" | "semiFinal" | "quarterFinal" | "round";

/**
 * What a board of a knockout round is: the boards of round r are the bracket's matches in slot
 * order (round 1: `firstRoundBoards` of them, byes included), halving each round; in the final
 * round a second board is the match for third place.
 */
export function stageOf(round: number, board: number, firstRoundBoards: number): { stage: Stage; players: number } {
  const matches = Math.max(1, firstRoundBoards / 2 ** (round - 1));
  if (matches === 1) return { stage: board === 1 ? "final" : "thirdPlace", players: 2 };
  return { stage: matches === 2 ? "semiFinal" : matches === 4 ? "quarterFinal" : "round", players: 2 * matches };
}

/** A played board as the bracket sees it: players by starting number, who went through. */
export type KnockoutBoard = { white: number; black: number | null; winner: number | undefined };

export type KnockoutNext =
  | { ok: true; value: { white: number; black: number | null }[] }
  | { ok: false; error: { code: "knockoutUndecided"; board: number } | { code: "knockoutFinished" } };

/**
 * The next knockout round from the last one's boards (in slot order): winners of boards 2k-1 and
 * 2k meet on board k; after the semi-finals the losers play for third place on board 2 when the
 * tournament has that match. A board without a winner (a draw not yet decided) stops the draw.
 */
export function nextKnockoutBoards(round: number, previous: KnockoutBoard[], firstRoundBoards: number, thirdPlace: boolean): KnockoutNext {
  const matches = firstRoundBoards / 2 ** (round - 2);
  if (matches <= 1) return { ok: false, error: { code: "knockoutFinished" } };
  const main = previous.slice(0, matches);
  const undecided = main.findIndex((b) => b.winner === undefined);
  if (undecided >= 0) return { ok: false, error: { code: "knockoutUndecided", board: undecided + 1 } };
  const boards: { white: number; black: number | null }[] = [];
  for (let k = 0; k < matches / 2; k++) boards.push({ white: main[2 * k].winner!, black: main[2 * k + 1].winner! });
  if (matches === 2 && thirdPlace) {
    const losers = main.map((b) => (b.winner === b.white ? b.black : b.white));
    if (losers[0] !== null && losers[1] !== null) boards.push({ white: losers[0], black: losers[1] });
  }
  return { ok: true, value: boards };
}
