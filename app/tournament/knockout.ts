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
