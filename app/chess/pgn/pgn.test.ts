import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodePgnBytes, playersFromGames, readPgn, tag, writeGame, writePgn } from ".";

const testdata = (file: string) => readFileSync(path.join(import.meta.dirname, "../testdata", file), "utf8");
const corpus = testdata("corpus.pgn");

describe("PGN corpus of 240 games", () => {
  const { games, errors } = readPgn(corpus);

  it("reads every game without error", () => {
    expect(errors).toEqual([]);
    expect(games).toHaveLength(240);
  });

  it("keeps moves, result, tags and comments of famous games", () => {
    const opera = games[0];
    expect(tag(opera, "White")).toBe("Morphy, Paul");
    expect(opera.moves).toHaveLength(33);
    expect(opera.moves.at(-1)).toEqual({ san: "Rd8#" });
    expect(opera.result).toBe("1-0");
    expect(games[1].moves.at(-1)).toEqual({ san: "Be7#", comment: "The Immortal Game" });
    expect(games[2].moves[12]).toEqual({ san: "O-O" });
  });

  it("survives write → read unchanged, and writing is deterministic", () => {
    const written = writePgn(games);
    const again = readPgn(written);
    expect(again.errors).toEqual([]);
    expect(again.games.map(({ tags, ...rest }) => ({ ...rest, tags: Object.fromEntries(tags) }))).toEqual(
      games.map(({ tags, ...rest }) => ({ ...rest, tags: Object.fromEntries(tags) })),
    );
    expect(writePgn(again.games)).toBe(written);
  });

  it("writes export format: Seven Tag Roster first, then Board and ratings, lines of at most 79 characters", () => {
    const written = writeGame(games[3]);
    expect(written.split("\n").slice(0, 10).map((line) => line.replace(/ ".*$/, ""))).toEqual([
      "[Event", "[Site", "[Date", "[Round", "[White", "[Black", "[Result", "[Board", "[WhiteElo", "[BlackElo",
    ]);
    expect(written).toContain('[Event "Blitz \\"Night\\" Cup"]');
    for (const line of writePgn(games).split("\n")) expect(line.length).toBeLessThanOrEqual(79);
  });

  it("keeps set-up positions and numbers Black's moves after comments", () => {
    const setUp = games.filter((game) => game.fen);
    expect(setUp.length).toBeGreaterThan(20);
    const written = writeGame({ tags: [], moves: [{ san: "e4", comment: "best" }, { san: "e5" }], result: "*" });
    expect(written).toContain("1. e4 {best} 1... e5 *");
  });
});

describe("PGN from other programs", () => {
  const { games, errors } = readPgn(testdata("other-programs.pgn"));

  it("reads tags in any order, clock comments, line comments, escapes and nested variations", () => {
    expect(errors).toEqual([]);
    expect(games).toHaveLength(4);
    const [blitz, league, study, old] = games;
    expect(blitz.moves.map((m) => m.san).join(" ")).toBe("e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#");
    expect(blitz.moves[5]).toEqual({ san: "Nd4", comment: "[%clk 0:02:55]", nags: [6] });
    expect(blitz.moves.at(-1)?.comment).toBe("[%clk 0:02:42] Black wins by checkmate.");
    expect(blitz.result).toBe("0-1");
    expect(league.comment).toBe("Ein Kommentar vor dem ersten Zug.");
    expect(league.moves.map((m) => m.san).slice(0, 8)).toEqual(["d4", "Nf6", "c4", "e6", "Nc3", "Bb4", "e3", "O-O"]);
    expect(league.moves[5].nags).toEqual([1]);
    expect(league.moves.at(-1)).toEqual({ san: "Qc7", nags: [14], comment: "Ausgeglichen." });
    expect(tag(league, "Site")).toBe("Köln");
    expect(study.fen).toBe("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1");
    expect(study.moves.at(-1)?.san).toBe("e8=Q");
    expect(old.moves[8].san).toBe("O-O");
  });

  it("reads Windows line ends and a UTF-8 byte order mark", () => {
    const windows = "\uFEFF" + testdata("other-programs.pgn").replace(/\n/g, "\r\n");
    const { games, errors } = readPgn(windows);
    expect(errors).toEqual([]);
    expect(games.map((g) => g.moves.length)).toEqual([14, 20, 11, 10]);
  });

  it("decodes Latin-1 files and UTF-8 files with BOM", () => {
    const latin1 = Buffer.from('[White "Müller, Jürgen"]\n[Black "Pähtz"]\n\n1. e4 *\n', "latin1");
    expect(tag(readPgn(decodePgnBytes(latin1)).games[0], "White")).toBe("Müller, Jürgen");
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[White "Łukasz"]\n\n1. d4 *\n', "utf8")]);
    expect(tag(readPgn(decodePgnBytes(utf8)).games[0], "White")).toBe("Łukasz");
  });
});

describe("bad PGN", () => {
  it("names the game and the move of an illegal move, and keeps the other games", () => {
    const text = `[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *\n\n[White "C"]\n[Black "D"]\n\n1. d4 *\n`;
    const { games, errors } = readPgn(text);
    expect(games.map((g) => tag(g, "White"))).toEqual(["C"]);
    expect(errors).toEqual([
      { code: "illegalMove", game: 1, players: "A – B", move: "2. Ke3", message: "Game 1 (A – B), move 2. Ke3: illegal or unreadable move" },
    ]);
  });

  it("reports a black move with its number, an unclosed comment and a broken FEN", () => {
    expect(readPgn("1. e4 Nf5 *").errors[0]).toMatchObject({ code: "illegalMove", move: "1... Nf5" });
    expect(readPgn('[White "X"]\n\n1. e4 {no end').errors[0]).toMatchObject({ code: "unterminatedComment", game: 1, players: "X – ?" });
    expect(readPgn('[FEN "not a fen"]\n\n1. e4 *').errors[0]).toMatchObject({ code: "badFen" });
    expect(readPgn("[White broken\n\n1. e4 *").errors[0]).toMatchObject({ code: "badTag" });
  });

  it("accepts nothing at all as no games", () => {
    expect(readPgn("")).toEqual({ games: [], errors: [] });
    expect(readPgn("   \n\n")).toEqual({ games: [], errors: [] });
  });
});

describe("players from PGN tags", () => {
  it("lists each player once, with rating, title and id, strongest first", () => {
    const text = `[White "Carlsen, Magnus"]\n[Black "Giri, Anish"]\n[WhiteElo "2830"]\n[BlackElo "2745"]\n[WhiteTitle "GM"]\n[WhiteFideId "1503014"]\n\n1. e4 *\n\n[White "Giri, Anish"]\n[Black "?"]\n[WhiteElo "2760"]\n\n1. d4 *\n`;
    expect(playersFromGames(readPgn(text).games)).toEqual([
      { name: "Carlsen, Magnus", elo: 2830, title: "GM", fideId: "1503014" },
      { name: "Giri, Anish", elo: 2760 },
    ]);
  });
});
