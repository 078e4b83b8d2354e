import { describe, expect, it } from "vitest";
import { NOTATION_LANGUAGES } from "./languages";
import { readPgn } from "./pgn";
import { samplePositions } from "./positions";
import { pick, seededRandom } from "./random";
import { readMove } from "./read";
import { printMove } from "./print";
import { readFileSync } from "node:fs";
import path from "node:path";

/** 90 000 move texts and 10 000 PGN snippets, random or mutated from valid input: none may throw. */
const ALPHABET = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -=+#!?:x×()/.;{}[]$%\"\\\t\nŞşÄöü½†‡é€\u0000\uFEFF"];

function mutate(random: () => number, text: string): string {
  const chars = [...text];
  const edits = 1 + Math.floor(random() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (chars.length + 1));
    const kind = random();
    if (kind < 0.33) chars.splice(at, 1);
    else if (kind < 0.66) chars.splice(at, 0, pick(random, ALPHABET));
    else chars[at] = pick(random, ALPHABET);
  }
  return chars.join("");
}

describe("fuzzing the chess core", () => {
  it("reads 90 000 random and mutated move texts without throwing", () => {
    const random = seededRandom(99);
    const positions = samplePositions(60, 3);
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < 90_000; i++) {
      const chess = pick(random, positions);
      const language = pick(random, NOTATION_LANGUAGES);
      let text: string;
      if (i % 3 === 0) text = Array.from({ length: Math.floor(random() * 9) }, () => pick(random, ALPHABET)).join("");
      else text = mutate(random, printMove(pick(random, chess.moves()), language));
      const before = chess.fen();
      const result = readMove(chess, text, language);
      outcomes[result.ok ? "ok" : "error"]++;
      expect(chess.fen()).toBe(before);
    }
    expect(outcomes.ok + outcomes.error).toBe(90_000);
    expect(outcomes.ok).toBeGreaterThan(5_000);
    expect(outcomes.error).toBeGreaterThan(30_000);
    // ~35 s alone on one core; three times that when the machine is shared, so not the suite's 60 s
  }, 180_000);

  it("reads 10 000 mutated PGN snippets without throwing", () => {
    const random = seededRandom(100);
    const corpus = readFileSync(path.join(import.meta.dirname, "testdata/corpus.pgn"), "utf8");
    let games = 0;
    for (let i = 0; i < 10_000; i++) {
      const start = Math.floor(random() * corpus.length);
      let snippet = corpus.slice(start, start + 50 + Math.floor(random() * 400));
      for (let j = 0; j < 4; j++) snippet = mutate(random, snippet);
      const result = readPgn(snippet);
      games += result.games.length + result.errors.length;
    }
    expect(games).toBeGreaterThan(5_000);
  });
});
