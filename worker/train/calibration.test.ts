import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { FEATURE_NAMES, calibratedConfidence, type Calibration, type MoveEvidence } from "../reader/calibration";
import { chooseThresholds, fitCalibration, fitLogistic, flagging, wilsonLowerBound, type CalibrationRow } from "./calibration";

const evidence = (fit: number, readAsWritten: boolean): MoveEvidence => ({
  posterior: 0.99,
  local: 0.99,
  nearFit: fit,
  rivalFit: -10,
  clarity: -1,
  readAsWritten,
  unfitting: 0.1,
  doubtful: 0.1,
  handClarity: -1,
  boxes: 1,
});

describe("calibrating the reader's confidence", () => {
  it("recovers the weights of a logistic model from its outcomes", () => {
    const random = seededRandom(7);
    const inputs = Array.from({ length: 4000 }, () => [4 * random() - 2, 4 * random() - 2]);
    // p(right) = σ(0.5 + 2·x₁ − 1·x₂)
    const outcomes = inputs.map(([a, b]) => random() < 1 / (1 + Math.exp(-(0.5 + 2 * a - b))));
    const [bias, w1, w2] = fitLogistic(inputs, outcomes, 0);
    expect(bias).toBeCloseTo(0.5, 0);
    expect(w1).toBeCloseTo(2, 0);
    expect(w2).toBeCloseTo(-1, 0);
  });

  it("learns from held-out moves that a move whose box the recognizer reads as written is likelier right", () => {
    const random = seededRandom(3);
    // read as written: right 99.9% of the time; not: 80%
    const rows: CalibrationRow[] = Array.from({ length: 12_000 }, (_, i) => {
      const written = i % 2 === 0;
      return { evidence: evidence(-random(), written), right: random() < (written ? 0.999 : 0.8), kind: i % 3 === 0 ? "cursive" : "print" };
    });
    const calibration = fitCalibration(rows);
    const [written, notWritten] = [calibratedConfidence(evidence(-0.5, true), calibration), calibratedConfidence(evidence(-0.5, false), calibration)];
    expect(written).toBeGreaterThan(0.99);
    expect(notWritten).toBeGreaterThan(0.7);
    expect(notWritten).toBeLessThan(0.9);
    // the threshold: the lowest at which every kind's unflagged moves are surely right 99.5% of the time — here
    // it leaves the moves read as written (99.9% right) unflagged and flags the others
    const { reviewBelow, astray } = chooseThresholds(rows, calibration, 0.995);
    expect(reviewBelow).toBeGreaterThan(notWritten);
    expect(reviewBelow).toBeLessThanOrEqual(written);
    // every game here fits its boxes alike: nothing to gain from a stricter threshold for some
    expect(astray).toBeUndefined();
    for (const kind of ["cursive", "print"]) {
      const { flagged, unflaggedRight } = flagging(rows.filter((row) => row.kind === kind), { ...calibration, reviewBelow });
      expect(unflaggedRight).toBeGreaterThanOrEqual(0.995);
      expect(unflaggedRight).toBeLessThan(1);
      expect(flagged).toBeCloseTo(0.5, 1);
    }
  });

  it("gives games that fit their boxes badly a stricter threshold where one threshold for all would flag more", () => {
    // a model that gives 0.982 to a move not read as written and 0.9991 to one read as written
    const weights = { ...Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])), bias: 4, readAsWritten: 3 } as Calibration["weights"];
    const model: Calibration = { weights, reviewBelow: 1 };
    // a hand the reader knows (2% of the boxes fit badly): its moves are right 99.9% of the time; a hand it reads
    // worse (30% fit badly): its less sure moves are right 90% of the time, its sure ones 99.8%
    const rows: CalibrationRow[] = Array.from({ length: 20_000 }, (_, i) => {
      const [known, sure] = [i < 10_000, i % 2 === 0];
      const right = sure ? known || i % 1000 !== 2 : known ? i % 1000 !== 1 : i % 10 !== 1;
      return { evidence: { ...evidence(0, sure), unfitting: known ? 0.02 : 0.3 }, right, kind: known ? "fonts" : "cursive" };
    });
    const chosen = { ...model, ...chooseThresholds(rows, model, 0.995) };
    expect(chosen.reviewBelow).toBeLessThan(0.982);
    expect(chosen.astray!.unfitting).toBeGreaterThanOrEqual(0.02);
    expect(chosen.astray!.unfitting).toBeLessThan(0.3);
    expect(chosen.astray!.reviewBelow).toBeGreaterThan(0.982);
    expect(chosen.astray!.reviewBelow).toBeLessThanOrEqual(0.9991);
    const [known, worse] = ["fonts", "cursive"].map((kind) => flagging(rows.filter((row) => row.kind === kind), chosen));
    expect([known.flagged, worse.flagged]).toEqual([0, 0.5]);
    expect(known.unflaggedRight).toBeCloseTo(0.999, 4);
    expect(worse.unflaggedRight).toBeCloseTo(0.998, 4);
    // one threshold for both would have flagged the known hand's less sure half too
    const single = { ...model, ...chooseThresholds(rows.filter((row) => row.kind === "cursive"), model, 0.995) };
    expect(flagging(rows.filter((row) => row.kind === "fonts"), single).flagged).toBe(0.5);
  });

  it("holds every kind of game to the aim on its own: a hand's surely read real openings do not hide its random games' misreadings", () => {
    const weights = { ...Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])), bias: 4, readAsWritten: 3 } as Calibration["weights"];
    const model: Calibration = { weights, reviewBelow: 1 };
    // one hand, half its moves read as written (0.9991, right 99.8%), half not (0.982): right 98% in random games, always in real openings
    const rows: CalibrationRow[] = Array.from({ length: 20_000 }, (_, i) => {
      const [random, sure] = [i < 10_000, i % 2 === 0];
      const right = sure ? i % 1000 !== 2 : !random || i % 100 >= 3;
      return { evidence: evidence(0, sure), right, kind: "cursive", games: random ? "random" : "openings" };
    });
    const perGame = { ...model, ...chooseThresholds(rows, model, 0.99) };
    expect(perGame.reviewBelow).toBeGreaterThan(0.982);
    const randomGames = flagging(rows.filter((row) => row.games === "random"), perGame);
    expect(randomGames.flagged).toBe(0.5);
    expect(randomGames.unflaggedRight).toBeCloseTo(0.998, 4);
    // pooled over both kinds of game (99.4% of the unflagged right), no move is flagged, and the random games' unflagged are right 98.9%
    const pooled = { ...model, ...chooseThresholds(rows.map(({ games: _, ...row }) => row), model, 0.99) };
    expect(pooled.reviewBelow).toBeLessThanOrEqual(0.982);
    expect(flagging(rows.filter((row) => row.games === "random"), pooled).unflaggedRight).toBeCloseTo(0.989, 4);
  });

  it("holds every set of sheets to 99.5% as observed: a hand's many sheets right do not hide its few with real people's digits", () => {
    const weights = { ...Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])), bias: 4, readAsWritten: 3 } as Calibration["weights"];
    const model: Calibration = { weights, reviewBelow: 1 };
    // one hand in random games: 20,000 moves of its own digits, all right; 2,000 with real people's digits, half read
    // as written (0.9991, all right), half not (0.982, 98% right): 99.0% right unflagged where nothing is flagged
    const rows: CalibrationRow[] = Array.from({ length: 22_000 }, (_, i) => {
      const [realDigits, sure] = [i >= 20_000, i % 2 === 0];
      const right = !realDigits || sure || i % 100 !== 1;
      return { evidence: evidence(0, sure), right, kind: "cursive", games: "random", set: realDigits ? "cursive, real digits" : "cursive" };
    });
    const perSet = { ...model, ...chooseThresholds(rows, model, 0.99) };
    expect(perSet.reviewBelow).toBeGreaterThan(0.982);
    const realDigits = flagging(rows.filter((row) => row.set === "cursive, real digits"), perSet);
    expect(realDigits.flagged).toBe(0.5);
    expect(realDigits.unflaggedRight).toBe(1);
    // the hand as a whole (99.91% right) meets the aim with nothing flagged: held to it alone, the real digits' moves go unflagged at 99.0%
    const asWhole = { ...model, ...chooseThresholds(rows.map(({ set: _, ...row }) => row), model, 0.99) };
    expect(asWhole.reviewBelow).toBeLessThanOrEqual(0.982);
    expect(flagging(rows.filter((row) => row.set === "cursive, real digits"), asWhole).unflaggedRight).toBeCloseTo(0.99, 4);
  });

  it("asks a threshold to be safe beyond the luck of the sheets: 99.5% observed on few moves is not enough", () => {
    expect(wilsonLowerBound(199, 200)).toBeLessThan(0.99);
    expect(wilsonLowerBound(9_950, 10_000)).toBeGreaterThan(0.993);
    expect(wilsonLowerBound(9_950, 10_000)).toBeLessThan(0.995);
    expect(wilsonLowerBound(0, 0)).toBe(0);
  });
});

describe("the threshold for moves read on both players' sheets", () => {
  // a model that gives 0.982 to a move not read as written and 0.9991 to one read as written
  const weights = { ...Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])), bias: 4, readAsWritten: 3 } as Calibration["weights"];
  const model: Calibration = { weights, reviewBelow: 1 };
  // one sheet: a move not read as written is right 90% of the time; with both sheets, 99.9%
  const rows: CalibrationRow[] = Array.from({ length: 24_000 }, (_, i) => {
    const [both, sure] = [i % 4 < 2, i % 2 === 0];
    const right = sure || (both ? i % 1000 !== 1 : i % 10 !== 3);
    return { evidence: { ...evidence(0, sure), boxes: both ? 2 : 1 }, right, kind: i % 3 === 0 ? "cursive" : "print" };
  });

  it("is chosen on those moves alone: lower where they are right more often, the one-sheet threshold unchanged", () => {
    const chosen = { ...model, ...chooseThresholds(rows, model, 0.995) };
    const oneSheet = { ...model, ...chooseThresholds(rows.filter((row) => row.evidence.boxes === 1), model, 0.995) };
    expect(chosen.reviewBelow).toBe(oneSheet.reviewBelow);
    expect(oneSheet.bothSheets).toBeUndefined();
    expect(chosen.reviewBelow).toBeGreaterThan(0.982);
    expect(chosen.bothSheets!.reviewBelow).toBeLessThanOrEqual(0.982);
    for (const kind of ["cursive", "print"]) {
      const of = rows.filter((row) => row.kind === kind);
      const [one, both] = [of.filter((row) => row.evidence.boxes === 1), of.filter((row) => row.evidence.boxes === 2)].map((moves) => flagging(moves, chosen));
      expect(one.flagged).toBeCloseTo(0.5, 1);
      expect(both.flagged).toBe(0);
      expect(both.unflaggedRight).toBeGreaterThanOrEqual(0.998);
    }
  });
});
