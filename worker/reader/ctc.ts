import { BLANK, encodeText } from "./alphabet";

/**
 * Connectionist temporal classification over the recognizer's frames (Graves et al. 2006).
 * `logProbs` holds T frames of C log-probabilities, row-major.
 */
const NEG = -Infinity;

function logAdd(a: number, b: number): number {
  if (a === NEG) return b;
  if (b === NEG) return a;
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

const extend = (label: readonly number[]) => {
  const out = [BLANK];
  for (const c of label) out.push(c, BLANK);
  return out;
};

/** log p(label | frames) in the log domain: exact however unlikely the label, but a logarithm and an exponential per step. */
function logDomainLikelihood(logProbs: Float32Array, frames: number, classes: number, ext: readonly number[]): number {
  const s = ext.length;
  let alpha = new Float64Array(s).fill(NEG);
  let next = new Float64Array(s);
  alpha[0] = logProbs[ext[0]];
  if (s > 1) alpha[1] = logProbs[ext[1]];
  for (let t = 1; t < frames; t++) {
    const row = t * classes;
    // positions that cannot be reached any more or yet are skipped
    const low = Math.max(0, s - 2 * (frames - t));
    next.fill(NEG);
    for (let i = low; i < s; i++) {
      let sum = alpha[i];
      if (i > 0) sum = logAdd(sum, alpha[i - 1]);
      if (i > 1 && ext[i] !== BLANK && ext[i] !== ext[i - 2]) sum = logAdd(sum, alpha[i - 2]);
      next[i] = sum === NEG ? NEG : sum + logProbs[row + ext[i]];
    }
    [alpha, next] = [next, alpha];
  }
  return s > 1 ? logAdd(alpha[s - 1], alpha[s - 2]) : alpha[0];
}

/** The frames' probabilities, worked out once per array of frames (frames are not changed once read). */
const probabilities = new WeakMap<Float32Array, Float64Array>();
function probabilitiesOf(logProbs: Float32Array): Float64Array {
  let p = probabilities.get(logProbs);
  if (!p) {
    p = new Float64Array(logProbs.length);
    for (let i = 0; i < p.length; i++) p[i] = Math.exp(logProbs[i]);
    probabilities.set(logProbs, p);
  }
  return p;
}

/**
 * log p(label | frames) with probabilities (Graves et al. 2006, with each frame's sums rescaled to 1
 * and the scales' logarithms added up): multiplications and additions only, no logarithm per step.
 * −Infinity where a frame's sum vanishes.
 */
/** Room for scaledLikelihood's two rows of states, reused from call to call (a decoding makes thousands). */
let rows = [new Float64Array(32), new Float64Array(32)];

function scaledLikelihood(logProbs: Float32Array, frames: number, classes: number, ext: readonly number[]): number {
  const p = probabilitiesOf(logProbs);
  const s = ext.length;
  if (rows[0].length < s) rows = [new Float64Array(2 * s), new Float64Array(2 * s)];
  let [alpha, next] = rows;
  alpha.fill(0, 0, s);
  alpha[0] = p[ext[0]];
  if (s > 1) alpha[1] = p[ext[1]];
  let logScale = 0;
  for (let t = 1; t < frames; t++) {
    let sum = 0;
    for (let i = 0; i < s; i++) sum += alpha[i];
    if (!(sum > 0)) return NEG;
    logScale += Math.log(sum);
    const row = t * classes;
    // states that cannot be reached any more (below `low`) or yet (from `high`) stay 0
    const low = Math.max(0, s - 2 * (frames - t));
    const high = Math.min(s, 2 * t + 2);
    next.fill(0, 0, s);
    for (let i = low; i < high; i++) {
      let reach = alpha[i];
      if (i > 0) reach += alpha[i - 1];
      if (i > 1 && ext[i] !== BLANK && ext[i] !== ext[i - 2]) reach += alpha[i - 2];
      next[i] = (reach / sum) * p[row + ext[i]];
    }
    const done = alpha;
    alpha = next;
    next = done;
  }
  return logScale + Math.log(s > 1 ? alpha[s - 1] + alpha[s - 2] : alpha[0]);
}

/**
 * Label entries that stand for any file letter (a–h) or any rank digit (1–8), the same one in every frame that shows
 * it: a long form with its square of departure left open is written with them (decode.ts).
 */
export const ANY_FILE = -1;
export const ANY_RANK = -2;
const OPEN_CLASSES = new Map([
  [ANY_FILE, encodeText("abcdefgh")],
  [ANY_RANK, encodeText("12345678")],
]);

type Lattice = { first: number[]; position: Int32Array; stateClass: Int32Array; same: Int32Array };
/** The states of each open label, worked out once (a decoding meets the same few forms in many boxes). */
const lattices = new Map<string, Lattice>();
function latticeOf(ext: readonly number[]): Lattice {
  const key = ext.join();
  let lattice = lattices.get(key);
  if (lattice) return lattice;
  const positions = ext.map((entry) => (entry >= 0 ? [entry] : OPEN_CLASSES.get(entry)!));
  const first = [0];
  for (const members of positions) first.push(first[first.length - 1] + members.length);
  const n = first[first.length - 1];
  // per state: its position, its class, and the state of the position two before with the same class (−1: none)
  const position = new Int32Array(n);
  const stateClass = new Int32Array(n);
  const same = new Int32Array(n).fill(-1);
  positions.forEach((members, i) =>
    members.forEach((c, k) => {
      const j = first[i] + k;
      [position[j], stateClass[j]] = [i, c];
      if (i > 1 && positions[i - 2].includes(c)) same[j] = first[i - 2] + positions[i - 2].indexOf(c);
    }),
  );
  lattices.set(key, (lattice = { first, position, stateClass, same }));
  return lattice;
}

/** Room for openLikelihood's states and positions' totals, two rows of each, reused from call to call. */
let openRows = [new Float64Array(64), new Float64Array(64), new Float64Array(32), new Float64Array(32)];

/**
 * log p(label | frames) for a label with open entries (ANY_FILE, ANY_RANK): the sum over every label they stand for
 * (64 for an open square), in one pass. Each open entry is as many states as it has classes, each keeping to its class;
 * a state is reached from itself, from every state of the entry before, and from those of the one before that with
 * another class (CTC's skip over a blank). With probabilities rescaled per frame, as scaledLikelihood; a label under
 * e^−600 may come out lower than it is, which no decoding notices (its other forms are likelier).
 */
function openLikelihood(logProbs: Float32Array, frames: number, classes: number, ext: readonly number[]): number {
  const p = probabilitiesOf(logProbs);
  const { first, position, stateClass, same } = latticeOf(ext);
  const n = position.length;
  const s = ext.length;
  if (openRows[0].length < n || openRows[2].length < s) openRows = [new Float64Array(2 * n), new Float64Array(2 * n), new Float64Array(2 * s), new Float64Array(2 * s)];
  // each position's total over its states, for alpha (kept beside it) and for next
  let [alpha, next, totals, nextTotals] = openRows;
  // every state of `next` is written each frame
  alpha.fill(0, 0, n);
  totals.fill(0, 0, s);
  for (let j = 0; j < first[Math.min(2, s)]; j++) totals[position[j]] += alpha[j] = p[stateClass[j]];
  let logScale = 0;
  for (let t = 1; t < frames; t++) {
    let sum = 0;
    for (let i = 0; i < s; i++) sum += totals[i];
    if (!(sum > 0)) return NEG;
    logScale += Math.log(sum);
    const row = t * classes;
    nextTotals.fill(0, 0, s);
    for (let j = 0; j < n; j++) {
      const i = position[j];
      const c = stateClass[j];
      let reach = alpha[j];
      if (i > 0) reach += totals[i - 1];
      if (i > 1 && c !== BLANK) reach += totals[i - 2] - (same[j] < 0 ? 0 : alpha[same[j]]);
      nextTotals[i] += next[j] = (reach / sum) * p[row + c];
    }
    const done = alpha;
    const doneTotals = totals;
    alpha = next;
    totals = nextTotals;
    next = done;
    nextTotals = doneTotals;
  }
  return logScale + Math.log(s > 1 ? totals[s - 1] + totals[s - 2] : totals[0]);
}

/**
 * Below this log-likelihood the rescaled sums may have lost a path (one e^−700 smaller than another
 * in the same frame rounds away, and could only have mattered for a result this unlikely), so the
 * log domain gives the answer.
 */
const SCALED_FLOOR = -600;

/** log p(label | frames), summed over every alignment (and where the label holds ANY_FILE or ANY_RANK, every class they stand for). */
export function ctcLogLikelihood(logProbs: Float32Array, frames: number, classes: number, label: readonly number[]): number {
  const ext = extend(label);
  if (label.some((entry) => entry < 0)) return openLikelihood(logProbs, frames, classes, ext);
  const scaled = scaledLikelihood(logProbs, frames, classes, ext);
  return scaled >= SCALED_FLOOR ? scaled : logDomainLikelihood(logProbs, frames, classes, ext);
}

/**
 * log p(the frames' text begins with `label` | frames): the sum over every alignment that writes the label and then
 * anything or nothing (Graves 2008, the prefix probability of CTC's prefix search). Every such alignment enters the
 * label's last character once, from the state before it, at the frame where it first writes it; what follows adds up
 * to 1. In the log domain: used only for the few forms that end in a writer's note after the move (decode.ts).
 */
export function ctcPrefixLogLikelihood(logProbs: Float32Array, frames: number, classes: number, label: readonly number[]): number {
  if (label.length === 0) return 0;
  const ext = extend(label);
  const s = ext.length;
  const last = s - 2;
  const enters = (alpha: Float64Array, t: number) => {
    let from = alpha[last - 1];
    if (last > 1 && ext[last] !== ext[last - 2]) from = logAdd(from, alpha[last - 2]);
    return from === NEG ? NEG : from + logProbs[t * classes + ext[last]];
  };
  let alpha = new Float64Array(s).fill(NEG);
  let next = new Float64Array(s);
  alpha[0] = logProbs[ext[0]];
  alpha[1] = logProbs[ext[1]];
  let prefix = label.length === 1 ? alpha[1] : NEG;
  for (let t = 1; t < frames; t++) {
    prefix = logAdd(prefix, enters(alpha, t));
    const row = t * classes;
    next.fill(NEG);
    // the states up to the one before the label's last: what reaches its last is counted above
    for (let i = 0; i < last; i++) {
      let sum = alpha[i];
      if (i > 0) sum = logAdd(sum, alpha[i - 1]);
      if (i > 1 && ext[i] !== BLANK && ext[i] !== ext[i - 2]) sum = logAdd(sum, alpha[i - 2]);
      next[i] = sum === NEG ? NEG : sum + logProbs[row + ext[i]];
    }
    [alpha, next] = [next, alpha];
  }
  return prefix;
}

/** Room for the loss's frames' probabilities and its states' rows, reused from call to call (adapting makes thousands of calls a sheet). */
let lossRooms = { p: new Float64Array(40 * 41), alpha: new Float64Array(40 * 16), beta: new Float64Array(40 * 16) };

/**
 * CTC loss and its gradient as ctcLossAndGradient, with probabilities rescaled per frame (as scaledLikelihood): a state's
 * occupancy of a frame is its rescaled alpha times its rescaled beta over their sum across states, the scales cancelling.
 * NaN where a frame's sum vanishes or the label is too unlikely for the rescaled sums (the log domain answers then).
 */
function scaledLossAndGradient(logProbs: Float32Array, frames: number, classes: number, ext: readonly number[], gradient: Float32Array): number {
  const s = ext.length;
  if (lossRooms.p.length < frames * classes || lossRooms.alpha.length < frames * s) {
    lossRooms = { p: new Float64Array(frames * classes), alpha: new Float64Array(frames * s), beta: new Float64Array(frames * s) };
  }
  const { p, alpha, beta } = lossRooms;
  for (let i = 0; i < frames * classes; i++) p[i] = Math.exp(logProbs[i]);
  alpha.fill(0, 0, frames * s);
  beta.fill(0, 0, frames * s);
  alpha[0] = p[ext[0]];
  if (s > 1) alpha[1] = p[ext[1]];
  let logP = 0;
  for (let t = 0; t < frames; t++) {
    const at = t * s;
    if (t > 0) {
      const before = at - s;
      const row = t * classes;
      for (let i = 0; i < s; i++) {
        let reach = alpha[before + i];
        if (i > 0) reach += alpha[before + i - 1];
        if (i > 1 && ext[i] !== BLANK && ext[i] !== ext[i - 2]) reach += alpha[before + i - 2];
        alpha[at + i] = reach * p[row + ext[i]];
      }
    }
    let sum = 0;
    for (let i = 0; i < s; i++) sum += alpha[at + i];
    if (!(sum > 0)) return NaN;
    logP += Math.log(sum);
    for (let i = 0; i < s; i++) alpha[at + i] /= sum;
  }
  const last = (frames - 1) * s;
  const end = s > 1 ? alpha[last + s - 1] + alpha[last + s - 2] : alpha[last];
  logP += Math.log(end);
  if (!(logP >= SCALED_FLOOR)) return NaN;
  // beta excludes the frame's own probability
  beta[last + s - 1] = 1;
  if (s > 1) beta[last + s - 2] = 1;
  for (let t = frames - 2; t >= 0; t--) {
    const [at, following, row] = [t * s, (t + 1) * s, (t + 1) * classes];
    let sum = 0;
    for (let i = 0; i < s; i++) {
      let reach = beta[following + i] * p[row + ext[i]];
      if (i + 1 < s) reach += beta[following + i + 1] * p[row + ext[i + 1]];
      if (i + 2 < s && ext[i + 2] !== BLANK && ext[i + 2] !== ext[i]) reach += beta[following + i + 2] * p[row + ext[i + 2]];
      beta[at + i] = reach;
      sum += reach;
    }
    if (!(sum > 0)) return NaN;
    for (let i = 0; i < s; i++) beta[at + i] /= sum;
  }
  for (let t = 0; t < frames; t++) {
    const [at, row] = [t * s, t * classes];
    let total = 0;
    for (let i = 0; i < s; i++) total += alpha[at + i] * beta[at + i];
    if (!(total > 0) || !Number.isFinite(total)) return NaN;
    for (let c = 0; c < classes; c++) gradient[row + c] = p[row + c];
    for (let i = 0; i < s; i++) gradient[row + ext[i]] -= (alpha[at + i] * beta[at + i]) / total;
  }
  return -logP;
}

/** CTC loss and its gradient in the log domain: exact however unlikely the label, a logarithm and an exponential per step. */
function logDomainLossAndGradient(logProbs: Float32Array, frames: number, classes: number, ext: readonly number[], gradient: Float32Array): number {
  const s = ext.length;
  const alpha = new Float64Array(frames * s).fill(NEG);
  const beta = new Float64Array(frames * s).fill(NEG);
  alpha[0] = logProbs[ext[0]];
  if (s > 1) alpha[1] = logProbs[ext[1]];
  for (let t = 1; t < frames; t++) {
    for (let i = 0; i < s; i++) {
      let sum = alpha[(t - 1) * s + i];
      if (i > 0) sum = logAdd(sum, alpha[(t - 1) * s + i - 1]);
      if (i > 1 && ext[i] !== BLANK && ext[i] !== ext[i - 2]) sum = logAdd(sum, alpha[(t - 1) * s + i - 2]);
      alpha[t * s + i] = sum === NEG ? NEG : sum + logProbs[t * classes + ext[i]];
    }
  }
  const last = (frames - 1) * s;
  const logP = s > 1 ? logAdd(alpha[last + s - 1], alpha[last + s - 2]) : alpha[last];
  gradient.fill(0);
  if (!Number.isFinite(logP)) return 0;
  // beta excludes the frame's own probability
  beta[last + s - 1] = 0;
  if (s > 1) beta[last + s - 2] = 0;
  for (let t = frames - 2; t >= 0; t--) {
    // what follows state j: its beta and its probability in the next frame
    const [following, row] = [(t + 1) * s, (t + 1) * classes];
    for (let i = 0; i < s; i++) {
      let sum = beta[following + i] + logProbs[row + ext[i]];
      if (i + 1 < s) sum = logAdd(sum, beta[following + i + 1] + logProbs[row + ext[i + 1]]);
      if (i + 2 < s && ext[i + 2] !== BLANK && ext[i + 2] !== ext[i]) sum = logAdd(sum, beta[following + i + 2] + logProbs[row + ext[i + 2]]);
      beta[t * s + i] = sum;
    }
  }
  for (let t = 0; t < frames; t++) {
    const row = t * classes;
    for (let c = 0; c < classes; c++) gradient[row + c] = Math.exp(logProbs[row + c]);
    for (let i = 0; i < s; i++) {
      const occupancy = alpha[t * s + i] + beta[t * s + i] - logP;
      if (occupancy > -30) gradient[row + ext[i]] -= Math.exp(occupancy);
    }
  }
  return -logP;
}

/**
 * CTC loss and its gradient with respect to the logits (softmax inputs): y − occupancy.
 * Writes the gradient into `gradient` (T × C) and returns −log p; 0 with a zero gradient when the
 * label cannot fit into the frames. With probabilities rescaled per frame where the label is likely
 * enough, in the log domain otherwise (as ctcLogLikelihood).
 */
export function ctcLossAndGradient(logProbs: Float32Array, frames: number, classes: number, label: readonly number[], gradient: Float32Array): number {
  const ext = extend(label);
  const scaled = scaledLossAndGradient(logProbs, frames, classes, ext, gradient);
  return Number.isNaN(scaled) ? logDomainLossAndGradient(logProbs, frames, classes, ext, gradient) : scaled;
}

/**
 * Best path: the most likely class per frame, repeats merged and blanks dropped; `among`: only these classes
 * (and the blank) taken, the best path of the text written with them.
 */
export function greedyDecode(logProbs: Float32Array, frames: number, classes: number, among?: readonly number[]): number[] {
  const out: number[] = [];
  let previous = BLANK;
  for (let t = 0; t < frames; t++) {
    let best = 0;
    if (among) {
      for (const c of among) if (logProbs[t * classes + c] > logProbs[t * classes + best]) best = c;
    } else for (let c = 1; c < classes; c++) if (logProbs[t * classes + c] > logProbs[t * classes + best]) best = c;
    if (best !== BLANK && best !== previous) out.push(best);
    previous = best;
  }
  return out;
}
