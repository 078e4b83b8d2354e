import type { PgnGame } from "./types";

/**
 * Writes PGN in export format: the Seven Tag Roster first, then Board, titles, ratings,
 * FIDE ids and teams as common exports do, then other tags alphabetically, SetUp/FEN last;
 * movetext wrapped at 79 characters, comments in braces, NAGs as $n, move numbers repeated
 * for Black after a comment. Output is deterministic: the same games give the same bytes.
 */
const SEVEN_TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
const FOLLOWING = [
  "Board", "WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteFideId", "BlackFideId",
  "WhiteTeam", "BlackTeam", "ECO", "Opening", "Variation", "TimeControl", "Termination", "Annotator", "PlyCount", "EventDate",
];
const LAST = ["SetUp", "FEN"];
const STR_DEFAULTS: Record<string, string> = { Event: "?", Site: "?", Date: "????.??.??", Round: "?", White: "?", Black: "?" };
const LINE_LENGTH = 79;

function tagOrder(name: string): [number, string] {
  const str = SEVEN_TAG_ROSTER.indexOf(name);
  if (str >= 0) return [str, ""];
  const following = FOLLOWING.indexOf(name);
  if (following >= 0) return [100 + following, ""];
  const last = LAST.indexOf(name);
  if (last >= 0) return [1000 + last, ""];
  return [500, name];
}

function escapeTagValue(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

/** A comment's text, made safe for braces (a "}" would end it). */
function commentText(text: string): string {
  return `{${text.replace(/}/g, ")").replace(/\s+/g, " ").trim()}}`;
}

function tagsOf(game: PgnGame): [string, string][] {
  const values = new Map(game.tags);
  for (const [name, fallback] of Object.entries(STR_DEFAULTS)) if (!values.get(name)) values.set(name, fallback);
  values.set("Result", game.result);
  if (game.fen) {
    values.set("SetUp", "1");
    values.set("FEN", game.fen);
  }
  return [...values].sort(([a], [b]) => {
    const [oa, na] = tagOrder(a);
    const [ob, nb] = tagOrder(b);
    return oa - ob || na.localeCompare(nb);
  });
}

function movetextTokens(game: PgnGame): string[] {
  const tokens: string[] = [];
  const startFen = game.fen?.split(" ");
  let whiteToMove = !startFen || startFen[1] !== "b";
  let number = startFen ? Math.max(1, parseInt(startFen[5] ?? "1", 10) || 1) : 1;
  let needNumber = true;
  if (game.comment) tokens.push(commentText(game.comment));
  for (const move of game.moves) {
    if (whiteToMove) tokens.push(`${number}.`);
    else if (needNumber) tokens.push(`${number}...`);
    tokens.push(move.san);
    needNumber = false;
    for (const nag of move.nags ?? []) tokens.push(`$${nag}`);
    if (move.comment) {
      tokens.push(commentText(move.comment));
      needNumber = true;
    }
    if (!whiteToMove) number++;
    whiteToMove = !whiteToMove;
  }
  tokens.push(game.result);
  return tokens;
}

function wrap(tokens: string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    const words = token.startsWith("{") ? token.split(" ") : [token];
    for (const word of words) {
      if (line && line.length + 1 + word.length > LINE_LENGTH) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

export function writeGame(game: PgnGame): string {
  const tags = tagsOf(game).map(([name, value]) => `[${name} "${escapeTagValue(value)}"]`);
  return `${tags.join("\n")}\n\n${wrap(movetextTokens(game))}\n`;
}

/** Several games (a round, a tournament) as one PGN file. */
export function writePgn(games: readonly PgnGame[]): string {
  return games.map(writeGame).join("\n");
}
