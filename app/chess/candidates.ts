import { Chess } from "chess.js";
import type { NotationLanguage } from "./languages";
import { printMove } from "./print";
import { cleanMoveText } from "./read";

/**
 * Ranks the legal moves of a position by how well they explain a possibly misread move text.
 * Each legal move is written in the language (with and without capture and promotion marks)
 * and aligned with the text by a weighted edit distance. Substitution costs come from the
 * recognizer's per-character probabilities when given, otherwise from a table of characters
 * that handwriting readers confuse (1/l, 5/S, 0/O, 6/b, ...). Scores are probabilities over
 * the legal moves (they sum to 1).
 */
export type CharDistribution = Readonly<Record<string, number>>;
export type Candidate = { san: string; text: string; cost: number; score: number };

const INSERT_COST = 3; // a character of the move that the text lacks
const DELETE_COST = 2.5; // a character of the text that the move lacks
const MIN_PROBABILITY = 1e-4;

const CONFUSABLE: string[] = ["1lI7|", "0OoDQ", "5Ss", "6bG", "8B3", "9gq", "2Zz", "ec", "aod", "hbk", "nhr", "uv", "ft", "4A", "xX+", "ij"];
const confusion = new Map<string, Set<string>>();
for (const group of CONFUSABLE) {
  for (const char of group) {
    const known = confusion.get(char) ?? new Set<string>();
    for (const other of group) known.add(other);
    confusion.set(char, known);
  }
}

/** Cost of reading `written` where the text shows `seen` (no recognizer probabilities). */
function substitutionCost(seen: string, written: string): number {
  if (seen === written) return 0;
  if (seen.toLowerCase() === written.toLowerCase()) return 0.3;
  if (confusion.get(seen)?.has(written)) return 1;
  return 3;
}

/** Weighted edit distance between what was read and a move's written form. */
function alignmentCost(read: string, probabilities: readonly CharDistribution[] | undefined, written: string): number {
  const n = probabilities ? probabilities.length : read.length;
  const m = written.length;
  let previous = new Float64Array(m + 1);
  let current = new Float64Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j * INSERT_COST;
  for (let i = 1; i <= n; i++) {
    current[0] = i * DELETE_COST;
    for (let j = 1; j <= m; j++) {
      const substitute = probabilities
        ? -Math.log(Math.max(probabilities[i - 1][written[j - 1]] ?? 0, MIN_PROBABILITY))
        : substitutionCost(read[i - 1], written[j - 1]);
      current[j] = Math.min(previous[j - 1] + substitute, previous[j] + DELETE_COST, current[j - 1] + INSERT_COST);
    }
    [previous, current] = [current, previous];
  }
  return previous[m];
}

/** The ways a move is commonly written in a language: SAN and SAN without capture or promotion marks. */
export function writtenForms(san: string, language: NotationLanguage): string[] {
  const printed = printMove(san, language).replace(/[+#]/g, "");
  const forms = new Set([printed, printed.replace(/x/g, ""), printed.replace(/=/g, ""), printed.replace(/[x=]/g, "")]);
  if (printed.startsWith("O-O")) forms.add(printed.replace(/-/g, ""));
  return [...forms];
}

/**
 * The move as a player writes it who leaves out which of two pieces moves (Nd2 for Nbd2, Re1 for Rfe1): many do,
 * and the game tells which was meant. The SAN itself where it names no square or file of departure.
 */
export function withoutDisambiguator(san: string): string {
  const parts = san.match(/^([NBRQK])([a-h]?[1-8]?)(x?[a-h][1-8].*)$/);
  return parts && parts[2] ? parts[1] + parts[3] : san;
}

/**
 * The move as a player writes it who names the file his piece leaves though no other could go there (Ngf3 for Nf3,
 * Rfd1 for Rd1). The SAN itself for pawns, kings, castling and moves that already name it.
 */
export function withOriginFile(san: string, from: string): string {
  const parts = san.match(/^([NBRQ])(x?[a-h][1-8].*)$/);
  return parts ? parts[1] + from[0] + parts[2] : san;
}

/** The square each move of a game from the start leaves (what long algebraic notation writes first), up to the first illegal move. */
export function squaresLeft(sans: readonly string[]): string[] {
  const board = new Chess();
  const squares: string[] = [];
  try {
    for (const san of sans) squares.push(board.move(san).from);
  } catch {
    // the moves from an illegal one on leave no square the game knows
  }
  return squares;
}

/**
 * The ways a move is written in long algebraic notation (FIDE Laws, Appendix C), which many players keep to:
 * the piece, the square it leaves and the square it reaches, joined by a hyphen or nothing, by x, a colon or
 * nothing for a capture (Ng1-f3, e2e4, Bf1xc4, e4:d5, e7-e8=Q). None for castling, written as in SAN.
 */
export function longForms(san: string, from: string, language: NotationLanguage): string[] {
  const parts = printMove(san, language)
    .replace(/[+#]/g, "")
    .match(/^([^a-h]?)[a-h]?[1-8]?(x?)([a-h][1-8])(?:=(.))?$/);
  if (!parts) return [];
  const [, piece, capture, to, promotion] = parts;
  const promotions = promotion ? [`=${promotion}`, promotion] : [""];
  return (capture ? ["x", ":", ""] : ["-", ""]).flatMap((join) => promotions.map((promoted) => `${piece}${from}${join}${to}${promoted}`));
}

export function rankCandidates(
  chess: Chess,
  text: string,
  language: NotationLanguage,
  probabilities?: readonly CharDistribution[],
): Candidate[] {
  const read = cleanMoveText(text);
  const scored = chess.moves().map((san) => {
    let best = Infinity;
    let bestText = san;
    for (const form of writtenForms(san, language)) {
      const cost = alignmentCost(read, probabilities, form);
      if (cost < best) [best, bestText] = [cost, form];
    }
    return { san, text: bestText, cost: best, score: 0 };
  });
  const lowest = Math.min(...scored.map((c) => c.cost));
  const total = scored.reduce((sum, c) => sum + Math.exp(lowest - c.cost), 0);
  for (const candidate of scored) candidate.score = Math.exp(lowest - candidate.cost) / total;
  return scored.sort((a, b) => a.cost - b.cost || a.san.localeCompare(b.san));
}
