import { MAX_PLAYERS, MAX_RATING, MAX_REPORTED_ERRORS, MAX_ROUNDS } from "~/lib/limits";
import { emptyRules, readRuleLine, RULE_CODES, STANDARD_POINTS, type PointSystem, type TrfRules } from "./trfRules";
import type { Colour, PlayerRecord, RoundEntry } from "./types";

/**
 * FIDE Tournament Report File (TRF-16) with the lines pairing programs read: XXR (or TRF-2026's
 * 142) number of rounds, XXC (or 152 W/B) initial colour. Player lines ("001") use the fixed columns of
 * the format: start rank 5–8, sex 10, title 11–13, name 15–47, rating 49–52, federation 54–56,
 * FIDE id 58–68, birth date 70–79, points 81–84, rank 86–89, then one 10-column block per round
 * from column 92 (opponent 4 digits, colour w/b/-, result). Other lines are kept as they are.
 * Lines are written without trailing spaces, so a file written by this module reads back and
 * writes again byte for byte. TRF-2026's lines on pairing rules (162, 192, 240, 250, 260; XXA, XXP)
 * are read into `rules` (trfRules.ts).
 */
export type TrfResultCode = "1" | "0" | "=" | "+" | "-" | "W" | "D" | "L" | "H" | "F" | "U" | "Z" | " ";
export type TrfRound = { opponent: number | null; colour: Colour | "-"; result: TrfResultCode };
export type TrfPlayer = {
  startRank: number;
  sex: string;
  title: string;
  name: string;
  rating: number | null;
  federation: string;
  fideId: string;
  birthDate: string;
  points: number;
  rank: number | null;
  rounds: TrfRound[];
};
export type TrfFile = {
  /** the lines other than player lines, in order */
  lines: { code: string; text: string }[];
  /** where in `lines` the player lines stand */
  playersAt: number;
  players: TrfPlayer[];
  rounds?: number;
  initialColour?: Colour;
  rules: TrfRules;
};
export type TrfError = { line: number; message: string };

/** Column of a player line where the first round's block starts. */
const ROUNDS_START = 92;
const RESULT_CODES = new Set(["1", "0", "=", "+", "-", "W", "D", "L", "H", "F", "U", "Z", " "]);
const field = (line: string, from: number, to: number) => line.slice(from - 1, to).trim();

export function readTrf(text: string): { ok: true; value: TrfFile } | { ok: false; errors: TrfError[] } {
  const file: TrfFile = { lines: [], playersAt: -1, players: [], rules: emptyRules() };
  const errors: TrfError[] = [];
  // Lines end in LF, CR LF or (as bbpPairings writes them) CR alone.
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    const number = index + 1;
    if (!line) return;
    const code = line.slice(0, 3);
    if (code === "001") {
      if (file.players.length >= MAX_PLAYERS) return void errors.push({ line: number, message: `more than ${MAX_PLAYERS} players` });
      const player = readPlayer(line, number, errors);
      if (player) file.players.push(player);
      if (file.playersAt < 0) file.playersAt = file.lines.length;
      return;
    }
    if (code === "XXR" || code === "142") {
      const rounds = Number(line.slice(3).trim());
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) errors.push({ line: number, message: `${code}: number of rounds (1–${MAX_ROUNDS}) expected` });
      else file.rounds = rounds;
    } else if (code === "152") {
      const colour = line.slice(3).trim();
      if (colour === "W") file.initialColour = "w";
      else if (colour === "B") file.initialColour = "b";
      else errors.push({ line: number, message: "152: W or B expected" });
    } else if (RULE_CODES.has(code)) {
      const error = readRuleLine(code, line, file.rules);
      if (error) errors.push({ line: number, message: error });
    } else if (code === "XXC") {
      const value = line.slice(3).trim().toLowerCase();
      if (value.startsWith("white")) file.initialColour = "w";
      else if (value.startsWith("black")) file.initialColour = "b";
      else errors.push({ line: number, message: "XXC: white1 or black1 expected" });
    }
    file.lines.push({ code, text: line });
  });
  const ranks = new Set<number>();
  for (const player of file.players) {
    if (ranks.has(player.startRank)) errors.push({ line: 0, message: `start rank ${player.startRank} appears twice` });
    ranks.add(player.startRank);
  }
  for (const player of file.players) {
    player.rounds.forEach((round, r) => {
      if (round.opponent !== null && !ranks.has(round.opponent)) {
        errors.push({ line: 0, message: `player ${player.startRank}, round ${r + 1}: opponent ${round.opponent} is not in the file` });
      }
    });
  }
  if (!errors.length) return { ok: true, value: file };
  const reported = errors.slice(0, MAX_REPORTED_ERRORS);
  if (errors.length > MAX_REPORTED_ERRORS) reported.push({ line: 0, message: `… and ${errors.length - MAX_REPORTED_ERRORS} more errors` });
  return { ok: false, errors: reported };
}

function readPlayer(line: string, number: number, errors: TrfError[]): TrfPlayer | null {
  const startRank = Number(field(line, 5, 8));
  if (line.length > ROUNDS_START + 10 * MAX_ROUNDS) {
    errors.push({ line: number, message: `more than ${MAX_ROUNDS} rounds` });
    return null;
  }
  if (!Number.isInteger(startRank) || startRank < 1) {
    errors.push({ line: number, message: "columns 5–8: start rank expected" });
    return null;
  }
  const ratingText = field(line, 49, 52);
  const rating = ratingText ? Number(ratingText) : null;
  const pointsText = field(line, 81, 84);
  const points = pointsText ? Number(pointsText) : 0;
  const rankText = field(line, 86, 89);
  if ((ratingText && (!Number.isInteger(rating) || rating! > MAX_RATING)) || Number.isNaN(points) || (rankText && !Number.isInteger(Number(rankText)))) {
    errors.push({ line: number, message: "rating (49–52), points (81–84) or rank (86–89) is not a number" });
    return null;
  }
  const rounds: TrfRound[] = [];
  for (let start = ROUNDS_START; start <= line.length; start += 10) {
    const opponentText = field(line, start, start + 3);
    const colour = line[start + 4] ?? " ";
    const result = (line[start + 6] ?? " ") as TrfResultCode;
    const opponent = opponentText === "" || opponentText === "0000" || Number(opponentText) === 0 ? null : Number(opponentText);
    if ((opponent !== null && !Number.isInteger(opponent)) || !"wb- ".includes(colour) || !RESULT_CODES.has(result)) {
      errors.push({ line: number, message: `round ${rounds.length + 1} (columns ${start}–${start + 7}): "${line.slice(start - 1, start + 7)}" is not a result` });
      return null;
    }
    rounds.push({ opponent, colour: colour === " " ? "-" : (colour as Colour | "-"), result });
  }
  return {
    startRank,
    sex: field(line, 10, 10),
    title: field(line, 11, 13),
    name: field(line, 15, 47),
    rating,
    federation: field(line, 54, 56),
    fideId: field(line, 58, 68),
    birthDate: field(line, 70, 79),
    points,
    rank: rankText ? Number(rankText) : null,
    rounds,
  };
}

const pad = (value: string, width: number, left = false) => (left ? value.padStart(width) : value.padEnd(width)).slice(0, width);

export function writePlayerLine(player: TrfPlayer): string {
  const head =
    "001 " +
    pad(String(player.startRank), 4, true) +
    " " +
    pad(player.sex, 1) +
    pad(player.title, 3, true) +
    " " +
    pad(player.name, 33) +
    " " +
    pad(player.rating ? String(player.rating) : "", 4, true) +
    " " +
    pad(player.federation, 3) +
    " " +
    pad(player.fideId, 11, true) +
    " " +
    pad(player.birthDate, 10) +
    " " +
    pad(player.points.toFixed(1), 4, true) +
    " " +
    pad(player.rank ? String(player.rank) : "", 4, true);
  const rounds = player.rounds
    .map((r) => `  ${r.opponent === null ? "0000" : String(r.opponent).padStart(4)} ${r.colour} ${r.result}`)
    .join("");
  return (head + rounds).trimEnd();
}

/** Writes the file: the other lines in their order, the player lines (by start rank) where they stood. */
export function writeTrf(file: TrfFile): string {
  const players = [...file.players].sort((a, b) => a.startRank - b.startRank).map(writePlayerLine);
  const at = file.playersAt < 0 ? file.lines.length : file.playersAt;
  const out = [...file.lines.slice(0, at).map((l) => l.text), ...players, ...file.lines.slice(at).map((l) => l.text)];
  return `${out.join("\n")}\n`;
}

/** The points of a result code under a point system (TRF-2026 162; 1–½–0 when the file gives none). */
export function pointsOf(result: TrfResultCode, system: PointSystem = STANDARD_POINTS): number {
  if (result === "1" || result === "W" || result === "+" || result === "F") return system.win;
  if (result === "=" || result === "D" || result === "H") return system.draw;
  if (result === "U") return system.pab;
  if (result === "0" || result === "L") return system.loss;
  if (result === "-" || result === "Z") return system.zero;
  return 0;
}

/** The engine's records of a TRF file (ratings included). */
export function recordsFromTrf(file: TrfFile): (PlayerRecord & { rating?: number })[] {
  return file.players.map((player) => ({
    id: player.startRank,
    ...(player.rating ? { rating: player.rating } : {}),
    rounds: player.rounds.map((round): RoundEntry | undefined => {
      const points = pointsOf(round.result, file.rules.points);
      if (round.result === " " && round.opponent === null) return undefined;
      if (round.opponent === null || round.colour === "-") return round.result === "U" ? { kind: "pab", points } : { kind: "bye", points };
      if (round.result === "+" || round.result === "-" || round.result === " ") return { kind: "forfeit", opponent: round.opponent, colour: round.colour, points };
      return { kind: "game", opponent: round.opponent, colour: round.colour, points };
    }),
  }));
}
