import { describe, expect, it } from "vitest";
import { FRAMES as MODEL_FRAMES, type Head } from "../model/recognizer";
import { CLASSES, decodeClasses, encodeText } from "./alphabet";
import { FEATURE_NAMES, type Calibration } from "./calibration";
import type { PageMoves } from "./read";
import { FRAMES, frames } from "./testFrames";
import { decodeGame, type DecodedGame } from "./decode";
import { greedyDecode } from "./ctc";
import { readGameAdaptedToWriter, readsAsWrittenAgain, readsBetter, rowsReadBetter, teachingMoves, withAdaptedReading } from "./writer";

/** A recognizer whose output layer passes its features through: the features are the classes' log-probabilities. */
const head: Head = {
  kernel: Float32Array.from({ length: CLASSES * CLASSES }, (_, i) => (Math.floor(i / CLASSES) === i % CLASSES ? 1 : 0)),
  bias: new Float32Array(CLASSES),
  width: CLASSES,
};

/** A box of this writer, whose N (a move's first letter) reads more like an R; R is read clearly. */
function box(ply: number, text: string) {
  const logProbs = frames(text, text.startsWith("N") ? { 0: "NRR" } : {});
  return { ply, logProbs, features: logProbs };
}

// after 6. Rh2 Rh7 both the knight on g5 and the rook can go to h3
const WRITTEN = ["Nf3", "Nf6", "Nc3", "Nc6", "Nb5", "Nb4", "Ng5", "Ng4", "h4", "h5", "Rh2", "Rh7", "Nh3"];
const LAST = WRITTEN.length - 1;
const sheet: PageMoves[] = [{ moves: WRITTEN.map((text, ply) => box(ply, text)) }];

describe("adapting the recognizer to the writer of a sheet", () => {
  /** A confidence that only looks at whether the recognizer's own reading of a box is one of its move's forms: flagged when it is not (sign 1) or when it is (sign -1). */
  const byReadAsWritten = (sign: number): Calibration => ({
    weights: { ...(Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Calibration["weights"]), readAsWritten: 20 * sign, bias: -10 * sign },
    reviewBelow: 0.5,
  });
  /** A confidence that flags the moves the decoder is in doubt of (its share under 0.9), whatever else it sees. */
  const byDoubt: Calibration = { weights: { ...(Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Calibration["weights"]), inDoubt: -20, bias: 10 }, reviewBelow: 0.5 };

  it("learns how the writer writes N from the knight moves it read surely, and reads an N it took for a legal R", async () => {
    expect(FRAMES).toBe(MODEL_FRAMES);
    const { first, game, adapted } = await readGameAdaptedToWriter(sheet, "EN", head, { calibration: byDoubt });
    // read alone, the last box looks more like Rh3, which is legal too: the decoder is in doubt of it
    expect(first.moves[LAST].san).toBe("Rh3");
    expect(first.moves[LAST].flagged).toBe(true);
    expect(adapted).toBe(true);
    expect(game.moves.map((move) => move.san)).toEqual(WRITTEN);
    // the adapted reading tells the calibration what the first made of each move: Nh3 it read otherwise (0), the rest as now
    expect(game.moves[LAST].evidence!.before).toBe(0);
    expect(game.moves[0].evidence!.before).toBe(first.moves[0].evidence!.posterior);
    expect(first.moves[0].evidence!.before).toBeUndefined();
  });

  const flagged = (moves: readonly { flagged: boolean }[]) => moves.filter((move) => move.flagged).length;

  it("lets the writer's own moves decide a box the first reading and the adapted layer are sure of differently", () => {
    // the general recognizer sure of Rh3, the layer taught by this writer's sure moves sure of Nh3: the writer's reading
    // weighs 0.6 (half and half until 2026-12-07, a tie between the two)
    const mixed = withAdaptedReading(frames("Rh3"), frames("Nh3"));
    expect(decodeClasses(greedyDecode(mixed, FRAMES, CLASSES))).toBe("Nh3");
    const letterFrame = 2 * CLASSES;
    expect(Math.exp(mixed[letterFrame + encodeText("N")[0]])).toBeCloseTo(0.6 * 0.9901, 3);
    expect(Math.exp(mixed[letterFrame + encodeText("R")[0]])).toBeCloseTo(0.4 * 0.9901, 3);
    // where both are sure of the same character, it stays as sure
    expect(Math.exp(withAdaptedReading(frames("Nh3"), frames("Nh3"))[letterFrame + encodeText("N")[0]])).toBeCloseTo(0.9901, 4);
  });

  it("keeps an adapted reading that sends fewer moves to a person than the first", async () => {
    const { first, game, adapted } = await readGameAdaptedToWriter(sheet, "EN", head, { calibration: byReadAsWritten(1) });
    // the knight moves' boxes read as rook moves at first: eight moves flagged
    expect(flagged(first.moves)).toBe(8);
    expect(adapted).toBe(true);
    expect(flagged(game.moves)).toBe(0);
    expect(game.moves.map((move) => move.san)).toEqual(WRITTEN);
  });

  it("keeps the first reading when the adapted one would send more moves to a person", async () => {
    // flagged where the box reads as written: the pawn and rook moves at first, the knight moves too once adapted
    const { first, game, adapted } = await readGameAdaptedToWriter(sheet, "EN", head, { calibration: byReadAsWritten(-1) });
    expect(flagged(first.moves)).toBe(5);
    expect(adapted).toBe(false);
    expect(game).toBe(first);
  });

  it("keeps the first reading when the readings lack the recognizer's features (stored before adapting existed)", async () => {
    const withoutFeatures = sheet.map((page) => ({ moves: page.moves.map(({ ply, logProbs }) => ({ ply, logProbs })) }));
    const { first, game, adapted } = await readGameAdaptedToWriter(withoutFeatures, "EN", head);
    expect(adapted).toBe(false);
    expect(game).toBe(first);
    expect(game.moves[LAST].san).toBe("Rh3");
  });

  it("keeps the first reading when the features are another recognizer's (another width than the output layer reads)", async () => {
    const narrower = sheet.map((page) => ({ moves: page.moves.map((move) => ({ ...move, features: move.features?.subarray(CLASSES) })) }));
    const { first, game, adapted } = await readGameAdaptedToWriter(narrower, "EN", head);
    expect(adapted).toBe(false);
    expect(game).toBe(first);
    expect(game.moves[LAST].san).toBe("Rh3");
  });

  it("reads a hard page again from its boxes as the recognizer normalised to the page read them, and keeps the reading that flags fewer moves", async () => {
    // read as the shipped recognizer read it: without features to adapt on, the last box taken for Rh3, which the decoder is in doubt of
    const asRead = sheet[0].moves.map(({ ply, logProbs }) => ({ ply, logProbs }));
    const clear = WRITTEN.map((text, ply) => ({ ply, logProbs: frames(text) }));
    const { game } = await readGameAdaptedToWriter([{ moves: asRead, normalised: clear }], "EN", head, { calibration: byDoubt });
    expect(game.moves.map((move) => move.san)).toEqual(WRITTEN);
    expect(flagged(game.moves)).toBe(0);
    // normalised, the page reads worse (every knight a rook where that is legal): the reading as it was stays
    const worse = sheet[0].moves.map(({ ply, logProbs }, i) => ({ ply, logProbs: WRITTEN[i].startsWith("N") ? frames(`R${WRITTEN[i].slice(1)}`) : logProbs }));
    const kept = await readGameAdaptedToWriter([{ moves: asRead, normalised: worse }], "EN", head, { calibration: byDoubt });
    const alone = await readGameAdaptedToWriter([{ moves: asRead }], "EN", head, { calibration: byDoubt });
    expect(kept.game.moves.map((move) => [move.san, move.flagged])).toEqual(alone.game.moves.map((move) => [move.san, move.flagged]));
    expect(alone.game.moves[LAST]).toMatchObject({ san: "Rh3", flagged: true });
  });

  it("takes another reading's game only when it flags fewer moves and its boxes fit it no worse", () => {
    /** A game of ten moves, `flags` of them flagged, in which `unfitting` of the boxes fit badly. */
    const game = (flags: number, unfitting: number): DecodedGame => ({
      moves: Array.from({ length: 10 }, (_, ply) => ({
        ply,
        san: "e4",
        confidence: 0.9,
        flagged: ply < flags,
        evidence: { posterior: 0.9, local: 0.9, nearFit: 0, rivalFit: 0, clarity: 0, readAsWritten: true, unfitting, doubtful: 0, handClarity: 0, boxes: 1 },
      })),
      fen: "",
      logLikelihood: 0,
      unfamiliarHand: false,
      leftOut: [],
    });
    expect(readsBetter(game(3, 0.1), game(5, 0.1))).toBe(true);
    expect(readsBetter(game(3, 0.05), game(5, 0.1))).toBe(true);
    // a flag fewer, its boxes fitting worse: a joined hand read so had 14 moves fewer right (README, "A hard page read again")
    expect(readsBetter(game(4, 0.07), game(5, 0.03))).toBe(false);
    expect(readsBetter(game(5, 0.01), game(5, 0.1))).toBe(false);
  });

  it("takes a game read with a row closed as a blank one on fewer flags or a better fit, with a written row left out on a better fit, move for move, and of two sheets on more moves sure", () => {
    /** A game of `length` moves, `flags` of them flagged, with this log-likelihood of the game and its boxes. */
    const game = (length: number, flags: number, logLikelihood: number, unfamiliarHand = false): DecodedGame => ({
      moves: Array.from({ length }, (_, ply) => ({ ply, san: "e4", confidence: 0.9, flagged: ply < flags })),
      fen: "",
      logLikelihood,
      unfamiliarHand,
      leftOut: [],
    });
    // a blank row closed leaves no writing out: a flag fewer tells, even in a hand with most moves flagged (cursive with a
    // row left blank, held to the rule for written rows: 95.6 → 91.2% of the moves right)
    expect(rowsReadBetter(game(90, 60, -700), game(92, 61, -690), "blank")).toBe(true);
    // or where it is likelier: read as numbered, the blank row's two plies are two moves played and not written, the rest
    // as closed, and only those two moves' prior tells (fonts sheet 21 with a row left blank, a beam of 512: a flag more
    // closed, -345.8 against -352.9, and 85 of 88 moves right against 11)
    expect(rowsReadBetter(game(88, 18, -345.8), game(90, 17, -352.9), "blank")).toBe(true);
    expect(rowsReadBetter(game(90, 62, -700), game(92, 61, -690), "blank")).toBe(false);
    // a row written twice left out: 92 moves at -4.09 a move read as numbered, 90 at -3.90 closed (cursive, sheet 5 with
    // a move written twice: a flag more, and 89 of 90 moves right against 61 of 92), kept
    expect(rowsReadBetter(game(90, 13, -351.3), game(92, 12, -375.9), "written")).toBe(true);
    // as likely a move as before, two flags fewer only for two moves fewer: rows alike by chance, not kept
    expect(rowsReadBetter(game(90, 10, -367.5), game(92, 12, -375.9), "written")).toBe(false);
    // likelier, but not by ROWS_LIKELIER: 4.7 (fonts, sheet 7 without a slip, 159 of 177 moves right against 177 of 179)
    expect(rowsReadBetter(game(177, 24, -621.8), game(179, 27, -633.6), "written")).toBe(false);
    // likelier by 5.6 (fonts, sheet 7 with a move written twice: 179 of 179 moves right closed, 157 as numbered, 14 of
    // them wrong and unflagged), kept since the closed row must also fit the row above as its own boxes do
    expect(rowsReadBetter(game(179, 11, -630.9), game(181, 16, -643.6), "written")).toBe(true);
    // likelier by 3.4 only, where the row's boxes fit the row above's moves 6.4 a box better than the moves read there as
    // numbered (fonts, sheet 9 with a move written twice: 83 of 83 moves right closed, 36 as numbered, 44 wrong unflagged)
    expect(rowsReadBetter(game(81, 10, -387.0), game(83, 14, -400.0), "written", 6.4)).toBe(true);
    expect(rowsReadBetter(game(81, 10, -387.0), game(83, 14, -400.0), "written", 0)).toBe(false);
    // a row alike by chance fits the moves read there as well as the row above's: the game needs ROWS_LIKELIER still
    expect(rowsReadBetter(game(177, 24, -621.8), game(179, 27, -633.6), "written", -0.07)).toBe(false);
    // in a hand the reader does not know, how well a game fits tells little (Debian's Delphine: 38 → 12 moves right)
    expect(rowsReadBetter(game(89, 89, -690.2, true), game(91, 91, -740.8, true), "written")).toBe(false);
    // two players' sheets, a row taken the other way: more moves read surely, or fewer flagged where most are sure
    expect(rowsReadBetter(game(92, 10, -900), game(90, 12, -700))).toBe(true);
    expect(rowsReadBetter(game(88, 40, -900), game(92, 43, -700))).toBe(true);
    expect(rowsReadBetter(game(90, 50, -600), game(92, 51, -700))).toBe(false);
  });

  it("closes a row as written again only where its boxes could show the row above, not where they clearly show the moves read there", () => {
    const gameOf = (sans: string[]): DecodedGame => ({ moves: sans.map((san, ply) => ({ ply, san, confidence: 1, flagged: false })), fen: "", logLikelihood: 0, unfamiliarHand: false, leftOut: [] });
    // the second row closed: its boxes (plies 2 and 3) left out, the rest two plies earlier (the first row's as numbered)
    const closing = [[[2, -1], [3, -1], [4, 2], [5, 3]] as [number, number][]];
    const page = (second: string[]): PageMoves[] => [{ moves: ["e4", "e5", ...second, "Nf3", "Nc6"].map((text, ply) => box(ply, text)) }];
    const [numbered, closed] = [gameOf(["e4", "e5", "Bc4", "Bc5", "Nf3", "Nc6"]), gameOf(["e4", "e5", "Nf3", "Nc6"])];
    // e4 e5 written again in the second row, read as numbered as Bc4 Bc5 there: the boxes show the row above, far better
    // than the moves read there (rowsReadBetter's `shown`)
    expect(readsAsWrittenAgain(page(["e4", "e5"]), closing, numbered, closed, "EN")).toBeGreaterThan(4);
    // a real row (Bc4 Bc5) that only looked like the row above: the game's moves fit its boxes, the row above's far worse
    expect(readsAsWrittenAgain(page(["Bc4", "Bc5"]), closing, numbered, closed, "EN")).toBeNull();
    // written unclearly (c4 c5, each first letter as likely an e): it may be the row above again
    const halfE = (ply: number, text: string) => ({ ply, logProbs: frames(text, { 0: "ce" }) });
    const unclear: PageMoves[] = [{ moves: [box(0, "e4"), box(1, "e5"), halfE(2, "c4"), halfE(3, "c5"), box(4, "Nf3"), box(5, "Nc6")] }];
    // (and fits it as well as the moves read there: no better, so its game is held to ROWS_LIKELIER)
    const unclearShown = readsAsWrittenAgain(unclear, closing, gameOf(["e4", "e5", "c4", "c5", "Nf3", "Nc6"]), closed, "EN");
    expect(unclearShown).not.toBeNull();
    expect(Math.abs(unclearShown!)).toBeLessThan(0.5);
    // a real row d4 d5 whose d's might be e's (one in a hundred): the moves read there fit it 4.6 a box better than the row
    // above's, more than WRITTEN_AGAIN_MARGIN (print with real digits, sheet 32: a real row 4.9 better, closed on a gain of
    // 7.6, read two plies early from there, 8 moves wrong unflagged)
    const traceOfE = (ply: number, text: string) => ({ ply, logProbs: frames(text, { 0: "d".repeat(99) + "e" }) });
    const traced: PageMoves[] = [{ moves: [box(0, "e4"), box(1, "e5"), traceOfE(2, "d4"), traceOfE(3, "d5"), box(4, "Nf3"), box(5, "Nc6")] }];
    expect(readsAsWrittenAgain(traced, closing, gameOf(["e4", "e5", "d4", "d5", "Nf3", "Nc6"]), closed, "EN")).toBeNull();
    // a page read as numbered closes nothing to check
    expect(readsAsWrittenAgain(page(["Bc4", "Bc5"]), [null], numbered, closed, "EN")).toBe(0);
  });

  it("closes a row as written again only where its boxes fit the row above's moves nearly as well as the row above's own boxes do", () => {
    const gameOf = (sans: string[]): DecodedGame => ({ moves: sans.map((san, ply) => ({ ply, san, confidence: 1, flagged: false })), fen: "", logLikelihood: 0, unfamiliarHand: false, leftOut: [] });
    const closing = [[[2, -1], [3, -1], [4, 2], [5, 3]] as [number, number][]];
    const closed = gameOf(["e4", "e5", "Nf3", "Nc6"]);
    // d4 d5 written clearly below e4 e5 (as Qf2 Re6 below Qf3 Rf6, cursive sheet 1092): each box fits the row above's move
    // with one character misread, within WRITTEN_AGAIN_MARGIN of the moves read there, but far worse than e4 and e5's own boxes
    const real: PageMoves[] = [{ moves: ["e4", "e5", "d4", "d5", "Nf3", "Nc6"].map((text, ply) => box(ply, text)) }];
    expect(readsAsWrittenAgain(real, closing, gameOf(["e4", "e5", "d4", "d5", "Nf3", "Nc6"]), closed, "EN")).toBeNull();
    // the row above written again, its first letters as unclear as they are above: as well as the row above's own boxes
    const unclear = (ply: number, text: string) => ({ ply, logProbs: frames(text, { 0: "ed" }) });
    const again: PageMoves[] = [{ moves: [unclear(0, "e4"), unclear(1, "e5"), unclear(2, "e4"), unclear(3, "e5"), box(4, "Nf3"), box(5, "Nc6")] }];
    expect(readsAsWrittenAgain(again, closing, gameOf(["e4", "e5", "d4", "d5", "Nf3", "Nc6"]), closed, "EN")).not.toBeNull();
  });

  it("learns from a first reading with a fifth of its moves sure, not from one with fewer", () => {
    const sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"];
    /** A reading whose moves at `sure` plies the decoder gives 0.995 of the probability, the others 0.5; a move a person confirmed has no evidence. */
    const reading = (sure: number[], confirmed: number[] = []): DecodedGame => ({
      moves: sans.map((san, ply) => ({
        ply,
        san,
        confidence: 0.5,
        flagged: true,
        evidence: confirmed.includes(ply) ? undefined : { posterior: sure.includes(ply) ? 0.995 : 0.5, local: 0.5, nearFit: 0, rivalFit: 0, clarity: 0, readAsWritten: true, unfitting: 0, doubtful: 0, handClarity: 0, boxes: 1 },
      })),
      fen: "",
      logLikelihood: 0,
      unfamiliarHand: false,
      leftOut: [],
    });
    // two sure moves of ten teach, each with the square it leaves (its long forms, Ng1-f3): a hand read with 24 of 86 moves
    // sure went from 46 to 80 moves right when adapted (README, "What a move does")
    expect(teachingMoves(reading([2, 8]))).toEqual(new Map([[2, { san: "Nf3", from: "g1" }], [8, { san: "O-O", from: "e1" }]]));
    expect(teachingMoves(reading([2], [5]))?.size).toBe(2);
    // one of ten is too unsure a reading to learn a hand from
    expect(teachingMoves(reading([2]))).toBeNull();
    expect(teachingMoves(reading([]))).toBeNull();
  });

  it("reads the game from its own sheets, and names the pages of another game's sheet beside them", async () => {
    const ruyLopez = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"];
    const queensGambit = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "Nbd7", "Rc1", "c6"];
    const pageOf = (sans: string[]): PageMoves => ({ moves: sans.map((san, ply) => box(ply, san)) });
    const { game, otherGames } = await readGameAdaptedToWriter([pageOf(queensGambit), pageOf(ruyLopez), pageOf(ruyLopez)], "EN", head);
    expect([game.moves.map((move) => move.san), game.unfamiliarHand, game.leftOut, otherGames]).toEqual([ruyLopez, false, [], [0]]);
    // one game's sheets: none
    expect((await readGameAdaptedToWriter([pageOf(ruyLopez), pageOf(ruyLopez)], "EN", head)).otherGames).toEqual([]);
  });

  it("searches a game one misread box sent astray again wider, and reads it right", async () => {
    // 3. d4 written so that its box reads d3 (every other character e^-14 as likely, not e^-9): d4 falls out of the search's span
    // (flagged, as calibrations have learnt: every move of a game where over a tenth of the boxes fit badly, and a move not read as written)
    const byFit: Calibration = { weights: { ...(Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Calibration["weights"]), bias: 5, readAsWritten: 5, unfitting: -100 }, reviewBelow: 0.5 };
    const played = ["e4", "e5", "Nf3", "Nc6", "d4", "Nf6", "dxe5", "Nxe4", "Qd5", "Nc5", "Bg5", "Ne6"];
    const written = played.map((san, ply) => (ply === 4 ? "d3" : san));
    const floor = Math.log(1e-4);
    const sharp = (text: string) => frames(text).map((logProb) => (Math.abs(logProb - floor) < 1e-3 ? Math.log(1e-6) : logProb));
    // searched as usual, the game takes 3. d3 and from there reads moves the boxes do not show: most of it flagged
    const plies = written.map((text) => ({ frames: FRAMES, logProbs: [sharp(text)], sheets: [0] }));
    const astray = decodeGame(plies, "EN", { calibration: byFit });
    expect(astray.moves[4].san).toBe("d3");
    expect(astray.moves.filter((move) => move.flagged).length).toBeGreaterThanOrEqual(0.4 * played.length);
    // searched wider only around the misread box (as the readings after adapting are), the game is found; wider only after it, not
    expect(decodeGame(plies, "EN", { beamSpan: 16, widenedPlies: { from: 0, to: 9 } }).moves.map((move) => move.san)).toEqual(played);
    expect(decodeGame(plies, "EN", { beamSpan: 16, widenedPlies: { from: 5, to: 12 } }).moves[4].san).toBe("d3");
    const sheet: PageMoves[] = [{ moves: written.map((text, ply) => ({ ply, logProbs: sharp(text), features: sharp(text) })) }];
    const { game } = await readGameAdaptedToWriter(sheet, "EN", head, { calibration: byFit });
    expect(game.moves.map((move) => move.san)).toEqual(played);
    // the move whose box shows another is still a person's to check
    expect(game.moves.filter((move) => move.flagged).map((move) => move.san)).toEqual(["d4"]);
  });
});
