import { describe, expect, it } from "vitest";
import { parsePairings, parseResults } from "./boards.server";

describe("results from a list", () => {
  it("reads board and result per line in the usual spellings", () => {
    const read = parseResults("board;result\n1;1-0\n2, ½-½\n3\t-/+\n4;0-1", [1, 2, 3, 4]);
    expect(read).toEqual({ ok: true, value: new Map([[1, "WHITE_WINS"], [2, "DRAW"], [3, "MINUS"], [4, "BLACK_WINS"]]) });
  });
  it("names every bad line and returns nothing", () => {
    expect(parseResults("1;1-0\n9;0-1\n2;2-0", [1, 2])).toEqual({
      ok: false,
      errors: ['rounds.results.badBoard::{"line":2,"board":"9"}', 'rounds.results.badResult::{"line":3,"result":"2-0"}'],
    });
    expect(parseResults("", [1])).toEqual({ ok: false, errors: ["rounds.results.empty"] });
  });
});

describe("bounded lists", () => {
  it("names the first 20 bad lines and counts the rest; a list over 1 MB is refused whole", () => {
    const bad = Array.from({ length: 100 }, (_, i) => `${i + 1};9-9`).join("\n");
    const read = parseResults(bad, Array.from({ length: 100 }, (_, i) => i + 1));
    expect(read.ok ? [] : read.errors).toHaveLength(21);
    expect(read.ok ? "" : read.errors[20]).toBe('import.moreErrors::{"count":80}');
    expect(parsePairings("x".repeat(2 * 1024 * 1024), [1, 2])).toEqual({ ok: false, errors: ['rounds.pasteTooLong::{"max":1048576}'] });
  });
});
