/**
 * A fixed piece of work on the engines the reader runs on, none of it the reader's own code: TensorFlow.js's WebAssembly
 * matrix products (the recognizer's arithmetic) and chess.js listing legal moves (plain JavaScript on small objects, as
 * decoding is). Timed in the same run as a benchmark, between its sheets, it tells a slower hour of the machine from
 * slower code: this machine's speed varies by a fifth from hour to hour, and the reader's seconds a page with it.
 */
import { Chess } from "chess.js";
import { tensorflow } from "../../worker/model/tf";

/** A fixed game's moves, played again and again: every position's legal moves listed. */
const GAME = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8".split(" ");
/** Rows of the matrix products: a page's written boxes' frames, about (60 boxes × 40 frames). */
const ROWS = 2400;
const WIDTH = 192;
const COLUMNS = 160;

/** The reference, timed as often as asked: `time()` runs the fixed work once and returns its milliseconds. */
export type MachineReference = { time: () => number };

/** The reference work set up and run once untimed (a warm-up). */
export async function machineReference(): Promise<MachineReference> {
  const tf = await tensorflow();
  const a = tf.tensor2d(Float32Array.from({ length: ROWS * WIDTH }, (_, i) => Math.sin(i)), [ROWS, WIDTH]);
  const b = tf.tensor2d(Float32Array.from({ length: WIDTH * COLUMNS }, (_, i) => Math.cos(i)), [WIDTH, COLUMNS]);
  const work = () => {
    for (let k = 0; k < 20; k++) {
      // read outside tidy: tidy looks through what it returns, every value of an array too
      const product = tf.matMul(a, b);
      product.dataSync();
      product.dispose();
    }
    for (let k = 0; k < 2; k++) {
      const chess = new Chess();
      for (const san of GAME) {
        chess.moves({ verbose: true });
        chess.move(san);
      }
    }
  };
  work();
  return {
    time: () => {
      const started = performance.now();
      work();
      return performance.now() - started;
    },
  };
}
