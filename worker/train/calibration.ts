import { solveLinear } from "../vision/geometry";
import { FEATURE_NAMES, calibratedConfidence, featureValues, type Calibration, type MoveEvidence } from "../reader/calibration";

/** A decoded move of a held-out sheet: its evidence, whether it was right, and which kind of hand wrote it. */
export type CalibrationRow = { evidence: MoveEvidence; right: boolean; kind: string };

/** Newton steps of the fit: the log-likelihood of a logistic model is concave, a few dozen reach its maximum. */
const NEWTON_STEPS = 25;

/**
 * Logistic regression by Newton's method (iteratively reweighted least squares), with an L2 penalty of
 * `l2` per row on every weight but the bias: returns [bias, ...weights].
 */
export function fitLogistic(inputs: readonly number[][], outcomes: readonly boolean[], l2 = 1e-3): number[] {
  const d = inputs[0].length + 1;
  let w = new Array<number>(d).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const gradient = new Array<number>(d).fill(0);
    const hessian = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    inputs.forEach((input, i) => {
      const x = [1, ...input];
      const p = 1 / (1 + Math.exp(-x.reduce((sum, v, j) => sum + v * w[j], 0)));
      const curvature = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < d; a++) {
        gradient[a] += (p - Number(outcomes[i])) * x[a];
        for (let b = 0; b < d; b++) hessian[a][b] += curvature * x[a] * x[b];
      }
    });
    for (let a = 1; a < d; a++) {
      gradient[a] += l2 * inputs.length * w[a];
      hessian[a][a] += l2 * inputs.length;
    }
    // the penalised Hessian is positive definite: never singular
    const change = solveLinear(hessian, gradient)!;
    w = w.map((v, i) => v - change[i]);
  }
  return w;
}

/** The weights of a calibration fit on `rows`, with `reviewBelow` to be chosen (chooseReviewBelow). */
export function fitCalibration(rows: readonly CalibrationRow[], reviewBelow = 1): Calibration {
  const w = fitLogistic(rows.map((row) => featureValues(row.evidence)), rows.map((row) => row.right));
  return { weights: { bias: w[0], ...Object.fromEntries(FEATURE_NAMES.map((name, i) => [name, w[i + 1]])) } as Calibration["weights"], reviewBelow };
}

/** Flagged share and the share of unflagged moves right, when moves under `reviewBelow` are flagged. */
export function flagging(rows: readonly CalibrationRow[], calibration: Calibration, reviewBelow = calibration.reviewBelow) {
  const unflagged = rows.filter((row) => calibratedConfidence(row.evidence, calibration) >= reviewBelow);
  return { flagged: rows.length ? 1 - unflagged.length / rows.length : 0, unflaggedRight: unflagged.length ? unflagged.filter((row) => row.right).length / unflagged.length : 1, unflagged: unflagged.length };
}

/** Confidences tried as the review threshold, lowest first. */
export const REVIEW_THRESHOLDS = [0.5, 0.7, 0.8, 0.85, 0.9, 0.92, 0.94, 0.95, 0.96, 0.965, 0.97, 0.975, 0.9775, 0.98, 0.9825, 0.985, 0.9875, 0.99, 0.9925, 0.995, 0.9975, 0.999];

/**
 * The lower end of a one-sided 95% confidence interval (Wilson score) for a share observed as `right` of
 * `total`: a threshold must be safe beyond the luck of the sheets it was chosen on.
 */
export function wilsonLowerBound(right: number, total: number, z = 1.645): number {
  if (total === 0) return 0;
  const share = right / total;
  const z2 = z * z;
  return (share + z2 / (2 * total) - z * Math.sqrt((share * (1 - share)) / total + z2 / (4 * total * total))) / (1 + z2 / total);
}

/**
 * The lowest threshold (the fewest moves sent to a person) at which, for every kind of hand, the share of
 * unflagged moves right is at least `aim` with 95% confidence (wilsonLowerBound); the highest tried when
 * none reaches it. (Chosen on sheets 1000–1063, a bare 99.5% left the benchmark's fonts at 99.41%.)
 */
export function chooseReviewBelow(rows: readonly CalibrationRow[], calibration: Calibration, aim: number): number {
  const kinds = [...new Set(rows.map((row) => row.kind))];
  const safe = (t: number, kind: string) => {
    const { unflagged, unflaggedRight } = flagging(rows.filter((row) => row.kind === kind), calibration, t);
    return wilsonLowerBound(Math.round(unflaggedRight * unflagged), unflagged) >= aim;
  };
  return REVIEW_THRESHOLDS.find((t) => kinds.every((kind) => safe(t, kind))) ?? REVIEW_THRESHOLDS[REVIEW_THRESHOLDS.length - 1];
}
