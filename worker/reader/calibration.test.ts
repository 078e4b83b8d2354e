import { describe, expect, it } from "vitest";
import { SHIPPED_CALIBRATION, calibratedConfidence, describeThresholds, reviewThreshold, type MoveEvidence } from "./calibration";

/** A move the decoder is sure of (its share 0.99999), read as written, in a game that fits its boxes well. */
const sure: MoveEvidence = { posterior: 0.99999, local: 0.99999, nearFit: 0, rivalFit: -11, clarity: -0.13, readAsWritten: true, unfitting: 0.02, doubtful: 0.05, handClarity: -0.3, boxes: 1 };

describe("the shipped calibration", () => {
  it("trusts a sure move in a game that fits, and sends the same move to a person in a game sent astray", () => {
    // one of the calibration sheets' confidently wrong moves (a held-out font, 2026-11-28): read as written, the
    // decoder sure of it, in a game where nearby boxes fit badly, 23% of the boxes fit badly and 32% of the moves are in doubt
    const astray = { ...sure, posterior: 0.99977, local: 0.99977, nearFit: -11.2, rivalFit: -8.5, clarity: -0.01, unfitting: 0.23, doubtful: 0.32 };
    expect(calibratedConfidence(sure, SHIPPED_CALIBRATION)).toBeGreaterThan(0.995);
    expect(reviewThreshold(sure, SHIPPED_CALIBRATION)).toBe(SHIPPED_CALIBRATION.reviewBelow);
    expect(calibratedConfidence(astray, SHIPPED_CALIBRATION)).toBeLessThan(calibratedConfidence(sure, SHIPPED_CALIBRATION) - 0.01);
    // under the threshold of its game (the stricter one for games that fit badly where the calibration has one, as that of
    // 2026-12-02's second session: 0.99 where over 12% of the boxes fit badly), so it goes to a person
    expect(calibratedConfidence(astray, SHIPPED_CALIBRATION)).toBeLessThan(reviewThreshold(astray, SHIPPED_CALIBRATION));
  });

  it("flags a move read on both players' sheets under its own threshold (the one-sheet one where no lower is safe), but not in a game sent astray", () => {
    const both = { ...sure, boxes: 2 };
    // since 2026-11-29 the calibration's both-sheet sets (about 1,000 moves per hand and kind of game) show no lower threshold safe beyond their luck
    const bothBelow = SHIPPED_CALIBRATION.bothSheets?.reviewBelow ?? SHIPPED_CALIBRATION.reviewBelow;
    expect(reviewThreshold(both, SHIPPED_CALIBRATION)).toBe(bothBelow);
    expect(bothBelow).toBeLessThanOrEqual(SHIPPED_CALIBRATION.reviewBelow);
    // a move whose boxes fit another legal move as well (Nd2 where both knights may go) gains nothing from the second sheet
    expect(reviewThreshold({ ...both, tied: true }, SHIPPED_CALIBRATION)).toBe(SHIPPED_CALIBRATION.reviewBelow);
    // where a calibration has a stricter threshold for games that fit badly, it holds for moves on both sheets too
    const withAstray = { ...SHIPPED_CALIBRATION, reviewBelow: 0.96, astray: { unfitting: 0.04, reviewBelow: 0.98 }, bothSheets: { reviewBelow: 0.94 } };
    expect(reviewThreshold(both, withAstray)).toBe(0.94);
    expect(reviewThreshold({ ...both, unfitting: 0.26 }, withAstray)).toBe(0.98);
    expect(reviewThreshold({ ...sure, unfitting: 0.03 }, withAstray)).toBe(0.96);
  });

  it("counts the decoder's certainty for less the more of the game fits badly, and trusts a sure move less in a game in doubt", () => {
    const logOdds = (evidence: MoveEvidence) => Math.log(calibratedConfidence(evidence, SHIPPED_CALIBRATION) / (1 - calibratedConfidence(evidence, SHIPPED_CALIBRATION)));
    // what a thousandfold surer decoder adds to the move's log-odds
    const gain = (game: Partial<MoveEvidence>) => logOdds({ ...sure, ...game, posterior: 0.99999 }) - logOdds({ ...sure, ...game, posterior: 0.99 });
    expect(gain({ doubtful: 0, unfitting: 0 })).toBeGreaterThan(1);
    // half the boxes fitting badly takes part of that gain (0.32 of 2.48 in the fit of 2026-11-29's fifth session)
    expect(gain({ doubtful: 0, unfitting: 0.5 })).toBeLessThan(gain({ doubtful: 0, unfitting: 0 }) - 0.25);
    // half the game's moves in doubt: the same sure move is far less sure (the fit of 2026-11-27 does it through the
    // share in doubt itself; the one before also through counting the decoder's certainty for less)
    expect(logOdds({ ...sure, doubtful: 0.5, unfitting: 0 })).toBeLessThan(logOdds({ ...sure, doubtful: 0, unfitting: 0 }) - 0.5);
  });
});

describe("what the shipped calibration learnt from the hand and from the decoder's doubt", () => {
  const logOdds = (evidence: MoveEvidence) => Math.log(calibratedConfidence(evidence, SHIPPED_CALIBRATION) / (1 - calibratedConfidence(evidence, SHIPPED_CALIBRATION)));

  it("trusts the same move less in a hand the recognizer reads unclearly throughout", () => {
    // a mean clarity of −0.3 (a clear hand) against −1.5 (one whose boxes are mostly read with doubt)
    expect(logOdds({ ...sure, handClarity: -1.5 })).toBeLessThan(logOdds({ ...sure, handClarity: -0.3 }) - 0.5);
  });

  it("trusts a move the decoder is in doubt of (a share under 0.9) less than its share alone says", () => {
    const step = (posterior: number) => logOdds({ ...sure, posterior, local: posterior });
    // the same small step in the decoder's share across 0.9 costs more than the same step above it
    expect(step(0.905) - step(0.895)).toBeGreaterThan(step(0.915) - step(0.905) + 0.2);
  });

  it("trusts a move that adapting to the writer changed less than the same move both readings agree on", () => {
    // read again after adapting: the first reading had the same move as surely, or another move there (0)
    const agreed = logOdds({ ...sure, before: sure.posterior });
    // (1.0 less in the fit of 2026-12-02's second session, 0.36 in that of 2026-12-07's third)
    expect(logOdds({ ...sure, before: 0 })).toBeLessThan(agreed - 0.25);
    // a first reading (no reading before it) counts as agreeing with itself
    expect(logOdds(sure)).toBeCloseTo(agreed, 9);
  });
});

describe("the thresholds in words", () => {
  it("names each threshold a calibration has, the astray share as a percentage", () => {
    const weights = SHIPPED_CALIBRATION.weights;
    expect(describeThresholds({ weights, reviewBelow: 0.96 })).toBe("under 0.96");
    expect(describeThresholds({ weights, reviewBelow: 0.965, astray: { unfitting: 0.125, reviewBelow: 0.9925 }, bothSheets: { reviewBelow: 0.5 } })).toBe(
      "under 0.965; under 0.9925 in games with over 12.5% of the boxes fitting badly; read on both sheets under 0.5",
    );
  });
});
