import path from "node:path";
import shipped from "../model/calibration/calibration.json";

/**
 * What tells whether a decoded move is right, beyond the decoder's own share of the probability, which
 * misjudges itself (on held-out sheets, moves it gave ≥ 0.999 were right 99.0% of the time, moves under
 * 0.2 still 56%): how well the move's written forms fit its boxes against what the recognizer reads there
 * without the rules, how well the nearby moves fit (a misread letter sends the game onto another legal
 * game whose next moves are read confidently, but it needs some move that fits badly), whether the
 * recognizer's own reading of a box is one of the move's written forms, and how much of the game
 * fits badly or is in doubt.
 */
export type MoveEvidence = {
  /** The decoder's share of the probability (beam search): the least of its position's and its game's among those followed. */
  posterior: number;
  /** The move's share among its position's legal moves, by the boxes and the move prior. */
  local: number;
  /**
   * The worst fit among this move and those within three plies either side: a move's fit is how well it fits
   * the box that shows it best, the log of its likelihood against the recognizer's own reading there.
   */
  nearFit: number;
  /** The fit of the position's next likeliest legal move. */
  rivalFit: number;
  /** The log-likelihood of the recognizer's own reading of the clearest box: low where the writing is unclear. */
  clarity: number;
  /** The recognizer's own reading of a box is one of the move's written forms. */
  readAsWritten: boolean;
  /** The share of the game's boxes that its moves fit badly (decode.ts, MIN_FIT). */
  unfitting: number;
  /** The share of the game's moves the decoder is in doubt of (a share under DOUBTFUL_POSTERIOR): a game sent astray has more. */
  doubtful: number;
  /**
   * How clearly the game's hand writes: the mean over its moves of their clarity (each at least −20). A move as sure
   * as another is likelier wrong in a hand the recognizer reads unclearly throughout.
   */
  handClarity: number;
  /** Boxes that show the move: one per player's sheet. */
  boxes: number;
  /**
   * A box fits another legal move exactly as well (Nd2 where both knights may go), or the players' sheets each show
   * another of the two (a box fits the rival better): only the game tells them apart, so the move is held to one sheet's
   * threshold even where both sheets show it (decode.ts, PlyReading.tied).
   */
  tied?: boolean;
  /**
   * Where the game was read again after adapting the recognizer to the writer (writer.ts): the decoder's share of this
   * move in the first reading, at its ply, and 0 where the first reading read another move there. Adapting teaches the
   * recognizer the writer's sure moves, and makes surer also moves the first reading was in doubt of, not all of them
   * rightly; absent in a first reading (its share is its own posterior).
   */
  before?: number;
};

/**
 * A logistic model of the probability that a move is right, given its evidence, fit on held-out sheets
 * (`npm run train:calibration`), with the confidence below which a move goes to a person: `reviewBelow`,
 * and in a game where more than `astray.unfitting` of the boxes fit badly (MoveEvidence.unfitting), the
 * stricter `astray.reviewBelow`: a game one misread box sent onto another legal game is read on surely,
 * and such games are likelier among those that fit worse (README, "A stricter threshold for games that fit badly");
 * moves read on both players' sheets, right far more often, have their own `bothSheets.reviewBelow`.
 */
export type Calibration = {
  weights: Record<FeatureName, number> & { bias: number };
  reviewBelow: number;
  astray?: { unfitting: number; reviewBelow: number };
  /** The threshold for moves read on both players' sheets (outside games that fit badly), chosen on such moves alone. */
  bothSheets?: { reviewBelow: number };
};

/** The thresholds in words: "under 0.965; under 0.9925 in games with over 8% of the boxes fitting badly; read on both sheets under 0.5". */
export function describeThresholds({ reviewBelow, astray, bothSheets }: Calibration): string {
  const parts = [`under ${reviewBelow}`];
  if (astray) parts.push(`under ${astray.reviewBelow} in games with over ${+(100 * astray.unfitting).toFixed(1)}% of the boxes fitting badly`);
  if (bothSheets) parts.push(`read on both sheets under ${bothSheets.reviewBelow}`);
  return parts.join("; ");
}

/** The confidence below which the move is flagged for review. */
export function reviewThreshold(evidence: Pick<MoveEvidence, "unfitting" | "boxes" | "tied">, calibration: Calibration): number {
  if (calibration.astray && evidence.unfitting > calibration.astray.unfitting) return calibration.astray.reviewBelow;
  return calibration.bothSheets && evidence.boxes > 1 && !evidence.tied ? calibration.bothSheets.reviewBelow : calibration.reviewBelow;
}

/** A move the decoder gives less than this share of the probability is in doubt (MoveEvidence.doubtful, FEATURES.inDoubt). */
export const DOUBTFUL_POSTERIOR = 0.9;

const logit = (p: number) => {
  const q = Math.min(1 - 1e-7, Math.max(1e-7, p));
  return Math.log(q / (1 - q));
};
const bounded = (logLikelihood: number) => Math.min(3, Math.max(-20, logLikelihood));
/** A clarity (a log-likelihood, at most 0) bounded below: a box read as nothing at all is simply unclear. */
export const boundedClarity = (clarity: number) => Math.max(-20, clarity);

/** The model's inputs: probabilities as log-odds, log-likelihood ratios bounded (a box read as nothing like any move is simply bad). */
export const FEATURES = {
  posterior: (e: MoveEvidence) => logit(e.posterior),
  local: (e: MoveEvidence) => logit(e.local),
  nearFit: (e: MoveEvidence) => bounded(e.nearFit),
  rivalFit: (e: MoveEvidence) => bounded(e.rivalFit),
  clarity: (e: MoveEvidence) => boundedClarity(e.clarity),
  readAsWritten: (e: MoveEvidence) => Number(e.readAsWritten),
  unfitting: (e: MoveEvidence) => e.unfitting,
  doubtful: (e: MoveEvidence) => e.doubtful,
  // a move the decoder is sure of counts for less in a game that fits badly or is much in doubt: one misread box
  // sends a game onto another legal game, whose next moves the decoder is sure of
  unfittingSure: (e: MoveEvidence) => e.unfitting * logit(e.posterior),
  doubtfulSure: (e: MoveEvidence) => e.doubtful * logit(e.posterior),
  bothSheets: (e: MoveEvidence) => Number(e.boxes > 1),
  // beside its log-odds: a move in doubt is wrong more often than the decoder's share says, a sure one less
  inDoubt: (e: MoveEvidence) => Number(e.posterior < DOUBTFUL_POSTERIOR),
  handClarity: (e: MoveEvidence) => e.handClarity,
  // the first reading's share of the move, as log-odds (its own where there was no other reading), and whether it read
  // another move there: a move as sure now is likelier right where both readings agree on it
  before: (e: MoveEvidence) => (e.before === 0 ? 0 : logit(e.before ?? e.posterior)),
  changed: (e: MoveEvidence) => Number(e.before === 0),
} satisfies Record<string, (e: MoveEvidence) => number>;
export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];

export const featureValues = (evidence: MoveEvidence): number[] => FEATURE_NAMES.map((name) => FEATURES[name](evidence));

/** The probability that the move is right, by the model. */
export function calibratedConfidence(evidence: MoveEvidence, calibration: Calibration): number {
  const values = featureValues(evidence);
  const z = FEATURE_NAMES.reduce((sum, name, i) => sum + calibration.weights[name] * values[i], calibration.weights.bias);
  return 1 / (1 + Math.exp(-z));
}

/** The shipped calibration (written by `npm run train:calibration`). */
export const SHIPPED_CALIBRATION = shipped as Calibration;
export const SHIPPED_CALIBRATION_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "../model/calibration");
export const CALIBRATION_FILE = "calibration.json";
