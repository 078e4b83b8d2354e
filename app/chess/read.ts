import type { Chess, Move, Square } from "chess.js";
import { letterTable, type NotationLanguage, type PieceType } from "./languages";

/**
 * Reads a move as people write it on score sheets and in the game editor, in any of the
 * eight notation languages, and checks it by the move-text rules of spec §5.
 * Accepted: capture mark present or missing (exd5, ed5, e:d5), check/mate marks and
 * annotations, castling as O-O/0-0/o-o (and long), promotion as e8=Q, e8Q, e8(Q) or e8/Q,
 * "e.p.", spaces, long algebraic (e2-e4, Ng1f3), and lower-case piece letters where they
 * cannot be read as a column.
 */
export type MoveError =
  | { code: "illegalFormat" }
  | { code: "notAllowed"; char: string }
  | { code: "notANumber"; char: string }
  | { code: "pawnCaptureColumn" }
  | { code: "nothingToCapture"; square: string }
  | { code: "promotionPiece" }
  | { code: "illegalMove" }
  | { code: "ambiguous"; candidates: string[] };

export type ReadResult = { ok: true; move: Move } | { ok: false; error: MoveError };

type Parsed = {
  piece: PieceType;
  fromFile?: string;
  fromRank?: string;
  to: Square;
  promotion?: PieceType;
};

const FILES = "abcdefgh";
const CASTLING = /^[0oO](?:-?[0oO]){1,2}$/;
const MARKS = new Set(["+", "#", "†", "‡", "!", "?"]);
/** Longest text a move can be written with (marks included); longer text is no move. */
const MAX_MOVE_TEXT = 40;
const CAPTURE_MARK = /[xX×:]/;
const CAPTURE_MARKS = /[xX×:]/g;
const SEPARATORS = /[-=()/]/g;

const tables = new Map<NotationLanguage, Map<string, PieceType>>();
function table(language: NotationLanguage) {
  let found = tables.get(language);
  if (!found) tables.set(language, (found = letterTable(language)));
  return found;
}

const fail = (error: MoveError): ReadResult => ({ ok: false, error });

/** Text without spaces, check/mate marks, annotations and "e.p."; never throws. */
export function cleanMoveText(text: string): string {
  return withoutTrailingMarks(String(text ?? "").slice(0, MAX_MOVE_TEXT * 4).normalize("NFC").replace(/\s+/g, ""));
}

/** Strips marks and "e.p." from the end, scanning backwards (linear, whatever the text). */
function withoutTrailingMarks(text: string): string {
  let end = text.length;
  for (;;) {
    if (end > 0 && MARKS.has(text[end - 1])) end--;
    else {
      const ep = /(?:e\.?p\.?)$/i.exec(text.slice(Math.max(0, end - 4), end));
      if (!ep) return text.slice(0, end);
      end -= ep[0].length;
    }
  }
}

export function readMove(chess: Chess, text: string, language: NotationLanguage): ReadResult {
  if (String(text ?? "").length > MAX_MOVE_TEXT) return fail({ code: "illegalFormat" });
  const cleaned = cleanMoveText(text);
  if (CASTLING.test(cleaned)) return readCastling(chess, cleaned.replace(/-/g, "").length === 3);
  const captureMarked = CAPTURE_MARK.test(cleaned);
  const compact = cleaned.replace(CAPTURE_MARKS, "").replace(SEPARATORS, "");
  if (compact.length < 2 || compact.length > 5) return fail({ code: "illegalFormat" });

  const readings = interpretations(compact, language).map((reading) => parseBody(reading.body, reading.piece, language));
  const parsed = readings.filter((r): r is Parsed => !("code" in r));
  if (parsed.length === 0) return fail(readings[0] as MoveError);

  // Readings in order: a lower-case letter that is also a column is a pawn's column first.
  let first: ReadResult | undefined;
  for (const reading of parsed) {
    const result = resolve(chess, reading, captureMarked);
    if (result.ok) return result;
    first ??= result;
  }
  return first!;
}

/** The piece letter readings of a compact text: a lower-case letter that is also a column gives two. */
function interpretations(compact: string, language: NotationLanguage): { piece: PieceType; body: string }[] {
  const letters = table(language);
  const first = compact[0];
  const upper = letters.get(first);
  if (upper !== undefined) return [{ piece: upper, body: compact.slice(1) }];
  const lower = first === first.toLowerCase() ? letters.get(first.toUpperCase()) : undefined;
  if (lower !== undefined) {
    const asPiece = { piece: lower, body: compact.slice(1) };
    return FILES.includes(first) ? [{ piece: "p", body: compact }, asPiece] : [asPiece];
  }
  if ("ABCDEFGH".includes(first)) return [{ piece: "p", body: first.toLowerCase() + compact.slice(1) }];
  return [{ piece: "p", body: compact }];
}

function parseBody(body: string, piece: PieceType, language: NotationLanguage): Parsed | MoveError {
  let rest = body;
  let promotion: PieceType | undefined;
  const last = rest.at(-1) ?? "";
  if (rest.length >= 3 && !/\d/.test(last) && /\d/.test(rest.at(-2) ?? "")) {
    const promoted = table(language).get(last.toUpperCase());
    if (promoted === undefined) return { code: "notAllowed", char: last };
    promotion = promoted;
    rest = rest.slice(0, -1);
  }
  if (rest.length < 2 || rest.length > 4) return { code: "illegalFormat" };
  const toFile = rest[rest.length - 2];
  const toRank = rest[rest.length - 1];
  if (!FILES.includes(toFile)) return { code: "notAllowed", char: toFile };
  if (!/\d/.test(toRank)) return { code: "notANumber", char: toRank };
  if (toRank < "1" || toRank > "8") return { code: "notAllowed", char: toRank };
  const parsed: Parsed = { piece, to: `${toFile}${toRank}` as Square, promotion };
  for (const char of rest.slice(0, -2)) {
    if (FILES.includes(char) && !parsed.fromFile) parsed.fromFile = char;
    else if (char >= "1" && char <= "8" && !parsed.fromRank) parsed.fromRank = char;
    else if (/\d/.test(char) || /\p{L}/u.test(char)) return { code: "notAllowed", char };
    else return { code: "illegalFormat" };
  }
  return parsed;
}

function resolve(chess: Chess, move: Parsed, captureMarked: boolean): ReadResult {
  const turn = chess.turn();
  if (move.promotion === "p" || move.promotion === "k") return fail({ code: "promotionPiece" });
  const isPawn = move.piece === "p";
  const lastRank = turn === "w" ? "8" : "1";
  if (isPawn) {
    const sideways = move.fromFile !== undefined && move.fromFile !== move.to[0];
    if (sideways && Math.abs(move.fromFile!.charCodeAt(0) - move.to.charCodeAt(0)) !== 1) {
      return fail({ code: "pawnCaptureColumn" });
    }
    if (captureMarked && move.fromFile === move.to[0]) return fail({ code: "pawnCaptureColumn" });
    if (move.to[1] === lastRank && !move.promotion) return fail({ code: "promotionPiece" });
    if (move.promotion && move.to[1] !== lastRank) return fail({ code: "illegalMove" });
  } else if (move.promotion) {
    return fail({ code: "illegalMove" });
  }
  const capture = captureMarked || (isPawn && move.fromFile !== undefined && move.fromFile !== move.to[0]);
  if (capture) {
    const target = chess.get(move.to);
    const enPassant = isPawn && chess.fen().split(" ")[3] === move.to;
    if (!enPassant && (!target || target.color === turn)) return fail({ code: "nothingToCapture", square: move.to });
  }
  // Try each of our pieces that fits the text: chess.js checks legality (own king safe, castling rules).
  const matches = fromSquares(chess, move)
    .filter((square) => reaches(chess, square, move))
    .map((square) => tryMove(chess, { from: square, to: move.to, promotion: move.promotion }))
    .filter((legal): legal is Move => legal !== undefined);
  if (matches.length === 1) return { ok: true, move: matches[0] };
  if (matches.length > 1) return fail({ code: "ambiguous", candidates: matches.map((m) => m.san).sort() });
  return fail({ code: "illegalMove" });
}

/**
 * Whether the piece on a square could move to the target by its way of moving, with the
 * squares between empty (pins and checks are left to chess.js, which confirms the move).
 */
function reaches(chess: Chess, square: Square, move: Parsed): boolean {
  const dx = move.to.charCodeAt(0) - square.charCodeAt(0);
  const dy = move.to.charCodeAt(1) - square.charCodeAt(1);
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  switch (move.piece) {
    case "n":
      return (ax === 1 && ay === 2) || (ax === 2 && ay === 1);
    case "k":
      return (ax <= 1 && ay <= 1 && ax + ay > 0) || (ax === 2 && ay === 0);
    case "r":
      return (ax === 0) !== (ay === 0) && pathClear(chess, square, dx, dy);
    case "b":
      return ax === ay && ax > 0 && pathClear(chess, square, dx, dy);
    case "q":
      return ((ax === 0) !== (ay === 0) || (ax === ay && ax > 0)) && pathClear(chess, square, dx, dy);
    case "p": {
      const forward = chess.turn() === "w" ? 1 : -1;
      if (ax === 1) return dy === forward;
      const startRank = chess.turn() === "w" ? "2" : "7";
      return ax === 0 && (dy === forward || (dy === 2 * forward && square[1] === startRank && pathClear(chess, square, dx, dy)));
    }
  }
}

function pathClear(chess: Chess, from: Square, dx: number, dy: number): boolean {
  const steps = Math.max(Math.abs(dx), Math.abs(dy));
  for (let i = 1; i < steps; i++) {
    const file = String.fromCharCode(from.charCodeAt(0) + (Math.sign(dx) * i));
    const rank = String.fromCharCode(from.charCodeAt(1) + (Math.sign(dy) * i));
    if (chess.get(`${file}${rank}` as Square)) return false;
  }
  return true;
}

/** The squares of our pieces of the type, on the column or row the text names. */
function fromSquares(chess: Chess, move: Parsed): Square[] {
  const turn = chess.turn();
  const squares: Square[] = [];
  for (const row of chess.board()) {
    for (const cell of row) {
      if (!cell || cell.color !== turn || cell.type !== move.piece) continue;
      if (move.fromFile !== undefined && cell.square[0] !== move.fromFile) continue;
      if (move.fromRank !== undefined && cell.square[1] !== move.fromRank) continue;
      squares.push(cell.square);
    }
  }
  return squares;
}

/** The move if it is legal here (the position is left unchanged). */
function tryMove(chess: Chess, move: string | { from: Square; to: Square; promotion?: string }): Move | undefined {
  try {
    const played = chess.move(move);
    chess.undo();
    return played;
  } catch {
    return undefined;
  }
}

function readCastling(chess: Chess, long: boolean): ReadResult {
  const castle = tryMove(chess, long ? "O-O-O" : "O-O");
  return castle ? { ok: true, move: castle } : fail({ code: "illegalMove" });
}
