import type { DecodedGame } from "./decode";

/**
 * How a decoded game compares with the moves written: moves right, flagged, unflagged and right among those, and
 * whether the game was read entirely right (every move, and no more or fewer than written).
 */
export type GameScore = { written: number; right: number; flagged: number; unflagged: number; unflaggedRight: number; entirelyRight: boolean };

export function scoreGame({ moves }: Pick<DecodedGame, "moves">, written: readonly string[]): GameScore {
  const score = { written: written.length, right: 0, flagged: 0, unflagged: 0, unflaggedRight: 0, entirelyRight: false };
  moves.forEach((move, ply) => {
    const right = move.san === written[ply];
    if (right) score.right++;
    if (move.flagged) score.flagged++;
    else {
      score.unflagged++;
      if (right) score.unflaggedRight++;
    }
  });
  score.entirelyRight = score.right === written.length && moves.length === written.length;
  return score;
}
