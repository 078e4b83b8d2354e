import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { openedRow } from "./align";
import { CLASSES } from "./alphabet";
import { rowLeftOut } from "./leftOut";
import { loadMovePrior } from "./prior";
import { readGame, type PageMoves } from "./read";
import { frames } from "./testFrames";
import { readGameAdaptedToWriter } from "./writer";
import type { Head } from "../model/recognizer";

const GAME = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6"];
/** The game as a player writes it who leaves move 4 (Ba4 Nf6, plies 6 and 7) out: every later move a row early. */
const leftOut = (): PageMoves => ({
  moves: [...GAME.slice(0, 6), ...GAME.slice(8)].map((san, ply) => ({ ply, logProbs: frames(san), features: frames(san) })),
});
const whole = (): PageMoves => ({ moves: GAME.map((san, ply) => ({ ply, logProbs: frames(san), features: frames(san) })) });
const head: Head = { kernel: Float32Array.from({ length: CLASSES * CLASSES }, (_, i) => (Math.floor(i / CLASSES) === i % CLASSES ? 1 : 0)), bias: new Float32Array(CLASSES), width: CLASSES };
const fenOf = (sans: readonly string[]) => {
  const chess = new Chess();
  for (const san of sans) chess.move(san);
  return chess.fen().split(" ").slice(0, 4).join(" ");
};

describe("a row opened on a sheet", () => {
  it("puts the boxes from the row on two plies later, and says where they stand in the game", () => {
    const opened = openedRow([leftOut()], 3);
    expect(opened.pages[0].moves.map((move) => move.ply)).toEqual([0, 1, 2, 3, 4, 5, ...Array.from({ length: 14 }, (_, i) => i + 8)]);
    expect(opened.boxPlies).toEqual([Array.from({ length: 14 }, (_, i) => [i + 6, i + 8])]);
  });
});

describe("a sheet read alone whose player left a move out", { timeout: 30_000 }, async () => {
  const prior = await loadMovePrior();

  it("read as numbered, goes wrong where the game needs the move left out (b5 with the bishop still there)", () => {
    const asNumbered = readGame([leftOut()], "EN", { prior });
    expect(asNumbered.moves.map((move) => move.san).slice(6, 8)).toEqual(["O-O", "Be7"]);
    expect(asNumbered.moves.slice(8).map((move) => move.san)).not.toEqual(GAME.slice(10));
  });

  it("is read with the row left out: the game's position after every move outside the doubted rows as played, those rows flagged", async () => {
    const { game, boxPlies } = await readGameAdaptedToWriter([leftOut()], "EN", head, { prior });
    expect(game.moves).toHaveLength(GAME.length);
    const sans = game.moves.map((move) => move.san);
    // where exactly the move was left out the sheet cannot tell (O-O Be7 Ba4 Nf6 is as legal): flagged, the rest as played
    const flagged = game.moves.filter((move) => move.flagged).map((move) => move.ply);
    expect(flagged).toContain(6);
    expect(flagged).toContain(7);
    expect(Math.min(...flagged)).toBeGreaterThanOrEqual(4);
    for (const move of game.moves.filter((move) => !flagged.includes(move.ply))) expect(move.san).toBe(GAME[move.ply]);
    for (const move of game.moves.filter((move) => move.flagged)) expect(move.confidence).toBeLessThanOrEqual(0.5);
    expect(fenOf(sans)).toBe(fenOf(GAME));
    // the review says the sheet leaves a move out: its boxes from the slip on stand two plies later
    expect(boxPlies[0]?.find(([box]) => box === 10)?.[1]).toBe(12);
  });

  it("beats through its trials: an activity's heartbeat (onStep) reaches every decoding it makes", () => {
    let steps = 0;
    const asNumbered = readGame([leftOut()], "EN", { prior });
    expect(rowLeftOut([leftOut()], asNumbered, "EN", { prior, onStep: () => steps++ })).not.toBeNull();
    // at least the game read with the row left out (22 plies) and as numbered with the wider beam (20)
    expect(steps).toBeGreaterThanOrEqual(GAME.length + GAME.length - 2);
  });

  it("is left as numbered where nothing goes wrong, the hand is unfamiliar, or there are two sheets", () => {
    const clean = readGame([whole()], "EN", { prior });
    expect(rowLeftOut([whole()], clean, "EN", { prior })).toBeNull();
    // a box misread is doubted, but no row left out makes the game likelier
    const misread: PageMoves = { moves: whole().moves.map((move) => (move.ply === 12 ? { ...move, logProbs: frames("Bb3", { 1: "bh" }) } : move)) };
    const doubted = readGame([misread], "EN", { prior });
    expect(rowLeftOut([misread], doubted, "EN", { prior })).toBeNull();
    const slipped = readGame([leftOut()], "EN", { prior });
    expect(rowLeftOut([leftOut()], { ...slipped, unfamiliarHand: true }, "EN", { prior })).toBeNull();
    expect(rowLeftOut([leftOut(), whole()], slipped, "EN", { prior })).toBeNull();
  });

  it("is left as numbered where the game read with the row left out reads other moves before it than the game as numbered", () => {
    // a fonts sheet (openings, 1027) read 8... O-O as a6 (its box reads a6): a row left out five rows later let black
    // castle there, the moves from it on read two plies late, 52 of them wrong and unflagged
    const slipped = readGame([leftOut()], "EN", { prior });
    expect(rowLeftOut([leftOut()], slipped, "EN", { prior })?.game.moves[1].san).toBe("e5");
    // the game as numbered with 1... e6 for 1... e5, which the box shows: the trials read on from e6, the game with the row left out reads e5
    const otherwise = { ...slipped, moves: slipped.moves.map((move) => (move.ply === 1 ? { ...move, san: "e6" } : move)) };
    expect(rowLeftOut([leftOut()], otherwise, "EN", { prior })).toBeNull();
  });
});
