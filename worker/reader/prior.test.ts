import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { decodeGame, type PlyObservation } from "./decode";
import { positionKey } from "./positions";
import { CHECKS, LEAVES, LOSES, TAKES, TRAIT_KINDS, legalMoves, moveTraits, parseFen } from "./board";
import { BOOK_SHARE, MovePrior, loadMovePrior } from "./prior";
import { FRAMES, frames } from "./testFrames";

const start = new Chess();
const startMoves = start.moves();

describe("the move prior of real games' openings", () => {
  it("gives a book position's moves their share by the book's weights and leaves every other legal move a little", () => {
    const prior = new MovePrior({ [positionKey(start.fen())]: { e4: 3, d4: 1 } }, 1);
    const probs = [...prior.scores(start.fen(), startMoves)].map(Math.exp);
    const rest = (1 - BOOK_SHARE) / 20;
    expect(probs[startMoves.indexOf("e4")]).toBeCloseTo(BOOK_SHARE * 0.75 + rest, 9);
    expect(probs[startMoves.indexOf("d4")]).toBeCloseTo(BOOK_SHARE * 0.25 + rest, 9);
    expect(probs[startMoves.indexOf("a3")]).toBeCloseTo(rest, 9);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // weighed against the recognizer: the log-probabilities scaled by the prior's weight
    expect(new MovePrior({ [positionKey(start.fen())]: { e4: 3, d4: 1 } }, 0.5).scores(start.fen(), startMoves)[0]).toBeCloseTo(0.5 * Math.log(rest), 9);
  });

  it("out of the book, and where the book's moves weigh nothing, holds every legal move as likely as another", () => {
    const prior = new MovePrior({ [positionKey(start.fen())]: { e4: 0 } }, 1);
    expect([...prior.scores(start.fen(), startMoves)]).toEqual(startMoves.map(() => Math.log(1 / 20)));
    // a king with three moves: each 1/3 (a position with fewer choices makes each likelier)
    expect([...prior.scores("8/8/8/8/8/8/8/K6k w - - 0 1", ["Ka2", "Kb1", "Kb2"])]).toEqual([1, 2, 3].map(() => Math.log(1 / 3)));
  });

  it("as shipped, from real games: opens with e4 or d4, answers 1. e4 with c5 or e5 first, and knows positions many moves deep", async () => {
    const prior = await loadMovePrior();
    const ranked = (chess: Chess) => {
      const sans = chess.moves();
      const scores = prior.scores(chess.fen(), sans);
      return sans.map((san, i) => [san, scores[i]] as const).sort((a, b) => b[1] - a[1]).map(([san]) => san);
    };
    expect(ranked(start).slice(0, 2).sort()).toEqual(["d4", "e4"]);
    const chess = new Chess();
    chess.move("e4");
    expect(ranked(chess).slice(0, 2).sort()).toEqual(["c5", "e5"]);
    // the Ruy Lopez after 5. O-O: still in the book, with the closed and the open defence first
    for (const san of ["e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]) chess.move(san);
    expect(ranked(chess).slice(0, 2).sort()).toEqual(["Be7", "Nxe4"]);
  });

  it("does not hold a game that stays in the book less likely than one that has left it", () => {
    // a book where every position of the game has four moves alike: each costs log(0.8 / 4 + 0.2 / n);
    // the first box could be e4 (in the book) or e3 (out of it), and the boxes after it are clear and legal after either
    const line = ["e4", "Nc6", "Nf3", "Nf6", "Nc3", "Nb8", "Nb1", "Nc6", "Nc3", "Nb8"];
    const chess = new Chess();
    const book: Record<string, Record<string, number>> = {};
    for (const san of line) {
      const others = chess.moves().filter((move) => move !== san).slice(0, 3);
      book[positionKey(chess.fen())] = Object.fromEntries([san, ...others].map((move) => [move, 1]));
      chess.move(san);
    }
    const plies = line.map((san, i) => ({ frames: FRAMES, logProbs: [frames(san, i === 0 ? { 1: "43" } : {})] }));
    const game = decodeGame(plies, "EN", { prior: new MovePrior(book) });
    expect(game.moves.map((move) => move.san)).toEqual(line);
  });

  it("lets the book settle a box the recognizer leaves open between two legal moves", async () => {
    const ply = (text: string, unclear: Record<number, string> = {}): PlyObservation => ({ frames: FRAMES, logProbs: [frames(text, unclear)] });
    // "N?3" after 1. e4 e5: Nf3 and Nh3 are both legal and the box shows them equally
    const plies = [ply("e4"), ply("e5"), ply("Nf3", { 1: "fh" })];
    const withoutPrior = decodeGame(plies, "EN");
    expect(withoutPrior.moves[2].flagged).toBe(true);
    const game = decodeGame(plies, "EN", { prior: await loadMovePrior() });
    expect(game.moves[2].san).toBe("Nf3");
    // the decoder is now sure of it; the calibrated confidence rises too, short of certain: the box itself is unclear
    expect(game.moves[2].evidence!.posterior).toBeGreaterThan(0.99);
    expect(withoutPrior.moves[2].evidence!.posterior).toBeLessThan(0.6);
    expect(game.moves[2].confidence).toBeGreaterThan(withoutPrior.moves[2].confidence + 0.02);
    // a clearly written move out of the book's favour is read as written
    const clear = decodeGame([ply("e4"), ply("e5"), ply("Nh3")], "EN", { prior: await loadMovePrior() });
    expect(clear.moves[2].san).toBe("Nh3");
  });

  it("out of the book, weighs each legal move by what it does: takes and checks likelier, a piece left to be won less likely", async () => {
    // 1. e4 d5: Qg4 leaves the queen to the bishop on c8, Qh5 and Qf3 do not; exd5 takes
    const chess = new Chess();
    for (const san of ["e4", "d5"]) chess.move(san);
    const sans = chess.moves();
    const weights = [0, 1, 0.5, 1.5, -2, -1, -1.5, -0.5, -2, 0, 1, 1.5, -3.5, -2, -1.5, -1];
    const { moves, sans: listed } = legalMoves(parseFen(chess.fen()));
    const traits = moveTraits(parseFen(chess.fen()), moves, listed);
    expect(listed).toEqual(sans);
    const probs = [...new MovePrior({}, 1, weights).scores(chess.fen(), sans, traits)].map(Math.exp);
    const p = (san: string) => probs[sans.indexOf(san)];
    // e^w of each move's traits over their sum: exd5 e^1, Qg4 e^-2, a quiet move e^0
    const total = [...traits].reduce((sum, trait) => sum + Math.exp(weights[trait]), 0);
    expect(p("Qh5")).toBeCloseTo(1 / total, 9);
    expect(p("exd5")).toBeCloseTo(Math.E / total, 9);
    expect(p("Qg4")).toBeCloseTo(Math.exp(-2) / total, 9);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // without the moves' traits, or without weights of them, every move alike
    expect([...new MovePrior({}, 1, weights).scores(chess.fen(), sans)]).toEqual(sans.map(() => Math.log(1 / sans.length)));
    expect([...new MovePrior({}, 1).scores(chess.fen(), sans, traits)]).toEqual(sans.map(() => Math.log(1 / sans.length)));
    // as shipped, fit on the engine's games: a capture likelier than a quiet move, and that likelier than losing the queen
    const shipped = await loadMovePrior();
    expect(shipped.traits).toHaveLength(TRAIT_KINDS);
    const ranked = shipped.traits!;
    expect(ranked[TAKES]).toBeGreaterThan(ranked[0] + 1);
    expect(ranked[CHECKS]).toBeGreaterThan(ranked[0] + 1);
    expect(ranked[LOSES]).toBeLessThan(ranked[0] - 1);
    expect(ranked[LEAVES]).toBeLessThan(ranked[0] - 1);
    expect((await loadMovePrior(undefined, { traits: false })).traits).toBeUndefined();
  });

  it("reads a box that shows a move losing the queen as well as one that does not as the second, and a clear one as written", () => {
    // "Q??" after 1. e4 d5, read as g or h, then 4 or 5: of Qg4, Qg5, Qh4 and Qh5 only Qg4 and Qh5 are legal, alike on the box
    const ply = (text: string, unclear: Record<number, string> = {}): PlyObservation => ({ frames: FRAMES, logProbs: [frames(text, unclear)] });
    const plies = [ply("e4"), ply("d5"), ply("Qg4", { 1: "gh", 2: "45" })];
    const traits = new MovePrior({}, 1, [0, 1.818, 1.534, 2.036, -2.036, -1.207, -1.493, -0.908, -2.277, 0.086, 1.092, 1.467, -3.521, -1.913, -1.732, -1.054]);
    const alike = decodeGame(plies, "EN", { prior: new MovePrior({}, 1) });
    expect(alike.moves[2].flagged).toBe(true);
    const game = decodeGame(plies, "EN", { prior: traits });
    expect(game.moves[2].san).toBe("Qh5");
    // e^0 against e^-2.036 of the box's two moves
    expect(game.moves[2].evidence!.local).toBeCloseTo(1 / (1 + Math.exp(-2.036)), 2);
    // a player who writes the queen to g4 clearly is read as he wrote
    expect(decodeGame([ply("e4"), ply("d5"), ply("Qg4")], "EN", { prior: traits }).moves[2].san).toBe("Qg4");
  });
});
