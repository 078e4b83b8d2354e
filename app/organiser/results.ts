import type { GameResult } from "~/generated/prisma/client";

/** Points of white and black for each score-entry result (spec §3); PLUS/MINUS are forfeit wins. */
const POINTS: Record<GameResult, [number, number] | null> = {
  UNSET: null,
  WHITE_WINS: [1, 0],
  DRAW: [0.5, 0.5],
  BLACK_WINS: [0, 1],
  PLUS: [1, 0],
  MINUS: [0, 1],
  ZEROED: [0, 0],
};
export const FORFEITS: GameResult[] = ["PLUS", "MINUS", "ZEROED"];

export function resultPoints(result: GameResult): [number, number] | null {
  return POINTS[result];
}

