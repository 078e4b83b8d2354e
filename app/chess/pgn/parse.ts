import { Chess } from "chess.js";
import { excerpt } from "~/lib/limits";
import { readMove } from "../read";
import { stripBom } from "./decode";
import { tag, type PgnError, type PgnGame, type PgnMove, type PgnReadResult, type PgnResult } from "./types";

/**
 * Reads a PGN file with any number of games: tags, comments ({...} and ;...), NAGs and
 * suffix annotations, variations (read and skipped), results, [SetUp]/[FEN], Windows line
 * ends and a BOM. Moves are checked with chess.js; non-standard spellings (0-0, e8Q, ...)
 * go through the chess core's reader. A game with an error is reported (game, players,
 * move) and left out; the other games are returned. Never throws on bad input.
 */
const RESULTS: Record<string, PgnResult> = { "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*" };
const SUFFIX_NAGS: Record<string, number> = { "!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6 };
const TAG = /\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/y;
const MOVE_NUMBER = /\d+\.*/y;
const WORD = /[^\s{}()[\];]+/y;
/** Longest move text with annotations ("exd8=Q+!?" and variants) the reader accepts. */
const MAX_SAN = 40;

type RawGame = {
  tags: [string, string][];
  tokens: Token[];
  result?: PgnResult;
  error?: { code: "unterminatedComment" | "badTag"; message: string };
};
type Token = { kind: "move"; text: string; number: number } | { kind: "comment"; text: string } | { kind: "nag"; value: number };

export function readPgn(input: string): PgnReadResult {
  const games: PgnGame[] = [];
  const errors: PgnError[] = [];
  scan(stripBom(String(input ?? ""))).forEach((raw, index) => {
    const result = playGame(raw, index + 1);
    if ("code" in result) errors.push(result);
    else games.push(result);
  });
  return { games, errors };
}

/** Splits the text into games and tokens. */
function scan(text: string): RawGame[] {
  const games: RawGame[] = [];
  let game: RawGame | undefined;
  let inMoves = false;
  let depth = 0;
  let moveNumber = 1;
  let pos = 0;
  const start = () => {
    game = { tags: [], tokens: [] };
    games.push(game);
    inMoves = false;
    depth = 0;
    moveNumber = 1;
  };
  const current = () => {
    if (!game) start();
    return game!;
  };
  while (pos < text.length) {
    const char = text[pos];
    if (char === " " || char === "\t" || char === "\r" || char === "\n") {
      pos++;
    } else if (char === "%" && (pos === 0 || text[pos - 1] === "\n")) {
      pos = lineEnd(text, pos);
    } else if (char === "[" && depth === 0) {
      if (inMoves || !game) start();
      TAG.lastIndex = pos;
      const match = TAG.exec(text);
      if (match) {
        game!.tags.push([match[1], match[2].replace(/\\(["\\])/g, "$1")]);
        pos = TAG.lastIndex;
      } else {
        game!.error ??= { code: "badTag", message: `malformed tag: ${text.slice(pos, lineEnd(text, pos)).trim()}` };
        pos = lineEnd(text, pos);
      }
    } else if (char === "{") {
      const close = text.indexOf("}", pos + 1);
      const g = current();
      if (close < 0) {
        g.error ??= { code: "unterminatedComment", message: "a comment { ... } is not closed" };
        pos = text.length;
      } else {
        if (depth === 0) g.tokens.push({ kind: "comment", text: text.slice(pos + 1, close).replace(/\s+/g, " ").trim() });
        pos = close + 1;
      }
      inMoves = true;
    } else if (char === ";") {
      const end = lineEnd(text, pos);
      if (depth === 0) current().tokens.push({ kind: "comment", text: text.slice(pos + 1, end).trim() });
      pos = end;
      inMoves = true;
    } else if (char === "(") {
      depth++;
      pos++;
    } else if (char === ")") {
      depth = Math.max(0, depth - 1);
      pos++;
    } else {
      WORD.lastIndex = pos;
      const word = WORD.exec(text)?.[0] ?? char;
      pos += word.length;
      if (depth > 0) continue;
      const g = current();
      inMoves = true;
      const result = RESULTS[word];
      if (result) {
        g.result = result;
        game = undefined;
        continue;
      }
      readWord(word, g, (n) => (moveNumber = n), () => moveNumber);
    }
  }
  return games.filter((g) => g.tags.length > 0 || g.tokens.length > 0 || g.result);
}

function readWord(word: string, game: RawGame, setNumber: (n: number) => void, number: () => number) {
  let rest = word;
  MOVE_NUMBER.lastIndex = 0;
  const numbered = MOVE_NUMBER.exec(rest);
  if (numbered && (numbered[0].includes(".") || numbered[0].length === rest.length)) {
    setNumber(parseInt(numbered[0], 10));
    rest = rest.slice(numbered[0].length);
    if (!rest) return;
  }
  if (rest.startsWith("$")) {
    const value = parseInt(rest.slice(1), 10);
    if (Number.isFinite(value)) game.tokens.push({ kind: "nag", value });
    return;
  }
  // The suffix annotation (!, ?, !?, …) is found scanning backwards: linear for any word.
  let cut = rest.length;
  while (cut > 0 && (rest[cut - 1] === "!" || rest[cut - 1] === "?")) cut--;
  const suffix = rest.slice(cut);
  const san = rest.slice(0, cut);
  if (san) game.tokens.push({ kind: "move", text: san, number: number() });
  if (suffix && SUFFIX_NAGS[suffix]) game.tokens.push({ kind: "nag", value: SUFFIX_NAGS[suffix] });
}

function lineEnd(text: string, pos: number): number {
  const end = text.indexOf("\n", pos);
  return end < 0 ? text.length : end;
}

function playersOf(raw: { tags: [string, string][] }): string {
  return `${tag(raw, "White") ?? "?"} – ${tag(raw, "Black") ?? "?"}`;
}

/** Plays the moves of a scanned game on a board; the first bad move ends it with an error. */
function playGame(raw: RawGame, index: number): PgnGame | PgnError {
  const players = playersOf(raw);
  const error = (code: PgnError["code"], message: string, move?: string): PgnError => ({
    code,
    game: index,
    players,
    ...(move ? { move } : {}),
    message: `Game ${index} (${players})${move ? `, move ${move}` : ""}: ${message}`,
  });
  if (raw.error) return error(raw.error.code, raw.error.message);
  const fen = tag(raw, "FEN");
  let chess: Chess;
  try {
    chess = new Chess(fen);
  } catch (cause) {
    return error("badFen", `invalid starting position (${(cause as Error).message})`);
  }
  const game: PgnGame = { tags: raw.tags, moves: [], result: raw.result ?? normalizeResult(tag(raw, "Result")), ...(fen ? { fen } : {}) };
  let last: PgnMove | undefined;
  for (const token of raw.tokens) {
    if (token.kind === "comment") {
      if (!token.text) continue;
      if (last) last.comment = last.comment ? `${last.comment} ${token.text}` : token.text;
      else game.comment = game.comment ? `${game.comment} ${token.text}` : token.text;
    } else if (token.kind === "nag") {
      if (last) (last.nags ??= []).push(token.value);
    } else {
      const label = `${token.number}${chess.turn() === "w" ? "." : "..."} ${excerpt(token.text)}`;
      const san = play(chess, token.text);
      if (!san) return error("illegalMove", "illegal or unreadable move", label);
      last = { san };
      game.moves.push(last);
    }
  }
  if (game.moves.length === 0 && !raw.result && raw.tags.length === 0) return error("noMoves", "no moves");
  return game;
}

/** Plays a move given in SAN (fast path: chess.js) or in a common variant (the chess core's reader). */
function play(chess: Chess, text: string): string | undefined {
  // No move is longer (chess.js's own reading of a long word takes time that grows with its square).
  if (text.length > MAX_SAN) return undefined;
  try {
    return chess.move(text).san;
  } catch {
    const read = readMove(chess, text, "EN");
    if (!read.ok) return undefined;
    return chess.move(read.move).san;
  }
}

function normalizeResult(value: string | undefined): PgnResult {
  return (value && RESULTS[value]) || "*";
}
