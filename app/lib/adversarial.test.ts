import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { readPgn } from "~/chess/pgn";
import { readMove } from "~/chess/read";
import { parsePairings, parseResults } from "~/organiser/boards.server";
import { readPlayersCsv } from "~/organiser/csv";
import { playersPdf } from "~/organiser/playerPdf.server";
import { readTournamentFile } from "~/tournament/tournamentFile";
import { readTrf } from "~/tournament/trf";
import { safeRedirect } from "./locale";
import { slug } from "./slug";

/**
 * Every reader of text from outside handles 1 MB of input crafted against it in linear time: the
 * crafted inputs below took seconds to hours with the regular expressions and loops they replaced
 * (`/\s+$/` on TRF lines of spaces, `/[!?]+$/` on PGN words of '!', trailing '+' in move entry,
 * a character-by-character PDF cell fit). Each case must finish far inside its time-out.
 */
const MB = 1024 * 1024;
const LIMIT = { timeout: 5_000 };

describe("1 MB of adversarial input, handled in linear time", () => {
  it("TRF: a line of spaces ending in a letter; a player line of a million columns", LIMIT, () => {
    expect(readTrf(`012 Open\n${" ".repeat(MB)}x\n`).ok).toBe(true);
    const result = readTrf(`001    1      Player                            1500${" ".repeat(MB)}`);
    expect(result.ok).toBe(true);
    const long = readTrf(`001    1      Player                            1500     ${"   2 w 1  ".repeat(MB / 10)}`);
    expect(long.ok).toBe(false);
  });

  it("PGN: a word of a million '!' before a letter, unclosed tags, comments and variations", LIMIT, () => {
    expect(readPgn(`1. e4${"!".repeat(MB)}x *`).errors.length).toBe(1);
    expect(readPgn(`[White "${'[a \\"'.repeat(MB / 5)}`).games.length).toBeLessThanOrEqual(1);
    expect(readPgn(`1. e4 {${"x".repeat(MB)}`).errors.length).toBe(1);
    expect(readPgn(`1. e4 ${"(".repeat(MB)}`).games.length).toBeLessThanOrEqual(1);
    expect(readPgn("1. ".repeat(MB / 3)).games.length).toBeLessThanOrEqual(1);
  });

  it("move entry: a move followed by a million '+' and a letter", LIMIT, () => {
    const result = readMove(new Chess(), `e4${"+".repeat(MB)}x`, "EN");
    expect(result.ok).toBe(false);
    expect(readMove(new Chess(), `e4${"+".repeat(20_000)}`, "EN").ok).toBe(false);
  });

  it("CSV: a million quotes, separators or line breaks", LIMIT, () => {
    expect(readPlayersCsv(`name\n${'"'.repeat(MB)}`).rows.length).toBeLessThanOrEqual(1);
    expect(readPlayersCsv(`name\n${",".repeat(MB)}`).rows.length).toBe(0);
    expect(readPlayersCsv(`name\n${"a\n".repeat(MB / 2)}`).errors).toEqual(["players.csv.tooMany::{\"max\":10000}"]);
  });

  it("pasted pairings and results: a million separators on one line, half a million lines", LIMIT, () => {
    expect(parsePairings(`1;${";".repeat(MB)}`, [1, 2]).ok).toBe(false);
    expect(parseResults(`1;${" ".repeat(MB)}1-0x`, [1]).ok).toBe(false);
    expect(parseResults("1;1-0\n".repeat(MB / 6), [1]).ok).toBe(true);
  });

  it("tournament file: deeply nested JSON and a megabyte of participants", LIMIT, () => {
    expect(readTournamentFile("[".repeat(MB)).ok).toBe(false);
    expect(readTournamentFile(JSON.stringify({ format: "kiebitz-tournament", version: 1, name: "x".repeat(MB) })).ok).toBe(false);
  });

  it("slugs and redirect targets of a megabyte", LIMIT, () => {
    expect(slug(`${" ,".repeat(MB / 2)}x`)).toBe("x");
    expect(safeRedirect(`/${"\t".repeat(MB)}`, "/x")).toBe("/x");
  });

  it("the player list PDF fits a megabyte-long name into its column", LIMIT, async () => {
    const pdf = await playersPdf({ title: "List", headers: { snr: "No", name: "Name", title: "T", elo: "Elo", nwz: "NWZ", club: "Club", country: "Fed" }, players: [
      { snr: 1, name: "W".repeat(MB), title: null, elo: null, nwz: null, club: "c".repeat(MB), country: null },
    ] });
    expect(pdf.length).toBeGreaterThan(500);
  });
});
