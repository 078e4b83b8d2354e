import { squaresLeft } from "~/chess/candidates";
import type { NotationLanguage } from "~/chess/languages";
import { adaptHead, headLogProbs, type WriterSample } from "../model/adapt";
import { FRAMES, mixedReadings, type Head } from "../model/recognizer";
import { CLASSES, encodeText } from "./alphabet";
import { ctcLogLikelihood, greedyDecode } from "./ctc";
import { DOUBTFUL_POSTERIOR, sheetForms, type DecodeOptions, type DecodedGame, type DecodedMove } from "./decode";
import { Positions } from "./positions";
import { readGame, sheetsOf, type PageMoves } from "./read";

/** A decoded move the decoder gives at least this share of the probability (MoveEvidence.posterior) teaches the recognizer how its writer writes it. */
const TEACHING_POSTERIOR = 0.99;
/** When fewer of the moves than this share are that sure, the first reading is too unsure to learn from. */
const MIN_TEACHING_SHARE = 0.3;
/** Fewer boxes than this tell too little about a hand. */
const MIN_TEACHING_BOXES = 8;
/**
 * The adapted reading of a box is mixed half and half with the first: what the sheet's sure moves
 * never showed (a piece letter written only in unsure moves) keeps the recognizer's general knowledge.
 */
const ADAPTED_SHARE = 0.5;
const SHARES = [1 - ADAPTED_SHARE, ADAPTED_SHARE];

/** A move of the game read: its SAN and the square it leaves (for its long algebraic forms). */
type SureMove = { san: string; from: string };

/** The pages of one sheet read again by `head` fine-tuned on the boxes of the plies in `sure`, each labelled as the form of its move it most likely shows. */
async function adaptSheet(sheet: readonly PageMoves[], sure: ReadonlyMap<number, SureMove>, language: NotationLanguage, head: Head): Promise<PageMoves[]> {
  const samples: WriterSample[] = [];
  for (const page of sheet) {
    for (const move of page.moves) {
      const known = sure.get(move.ply);
      // a box with no character read is a smudge that readGame leaves out (the move was read on the other sheet)
      if (known === undefined || !move.features || greedyDecode(move.logProbs, FRAMES, CLASSES).length === 0) continue;
      const labels = sheetForms(known.san, language, known.from).map(encodeText);
      const scores = labels.map((label) => ctcLogLikelihood(move.logProbs, FRAMES, CLASSES, label));
      samples.push({ features: move.features, label: labels[scores.indexOf(Math.max(...scores))] });
    }
  }
  if (samples.length < MIN_TEACHING_BOXES) return [...sheet];
  const adapted = await adaptHead(head, samples);
  return Promise.all(
    sheet.map(async (page) => {
      const logProbs = await headLogProbs(adapted, page.moves.map((move) => move.features!));
      const adaptedMoves = page.moves.map((move, i) => ({
        ...move,
        logProbs: mixedReadings([move.logProbs, logProbs[i]], SHARES),
        asCut: move.asCut && mixedReadings([move.asCut, logProbs[i]], SHARES),
      }));
      return { moves: adaptedMoves };
    }),
  );
}

/** The decoder's share of a move's probability; a move a person confirmed is certain. */
const posterior = (move: DecodedMove) => move.evidence?.posterior ?? 1;
/** The adapted reading is kept when it leaves no more moves in doubt than the first (every move of a hand flagged whole). */
const doubtfulMoves = (game: DecodedGame) => (game.unfamiliarHand ? game.moves.length : game.moves.filter((move) => posterior(move) < DOUBTFUL_POSTERIOR).length);

export type WriterReading = {
  /** The game as read in the end. */
  game: DecodedGame;
  /** The game as read before adapting to the writer. */
  first: DecodedGame;
  /** Whether the adapted reading was kept. */
  adapted: boolean;
};

/**
 * Reads the game from the pages of one or both players' sheets, then adapts the recognizer to the
 * hand of each sheet and reads it again: a sheet is one writer writing dozens of moves, and the moves
 * read surely the first time (and those a person confirmed) show how this writer forms the
 * characters. Each sheet's output layer is fine-tuned on its sure boxes, and the game decoded again
 * from what the adapted layers read. The adapted reading is kept when it leaves no more moves in
 * doubt than the first (where it learnt something wrong, the game it reads fits the boxes worse); the
 * first stays when the hand is unfamiliar, too few moves are sure, or the readings lack the
 * recognizer's features (README, "Adapting to the writer").
 */
export async function readGameAdaptedToWriter(
  pages: readonly PageMoves[],
  language: NotationLanguage,
  head: Head,
  options: DecodeOptions & { /** called between the steps (a Temporal activity's heartbeat) */ onStep?: () => void } = {},
): Promise<WriterReading> {
  // the second decoding meets mostly the positions of the first
  const decoding = { ...options, positions: options.positions ?? new Positions(options.prior) };
  const first = readGame(pages, language, decoding);
  options.onStep?.();
  const withFeatures = pages.every((page) => page.moves.every((move) => move.features?.length === FRAMES * head.width));
  const from = squaresLeft(first.moves.map((move) => move.san));
  const sure = new Map(first.moves.filter((move) => posterior(move) >= TEACHING_POSTERIOR).map((move) => [move.ply, { san: move.san, from: from[move.ply] }]));
  if (first.unfamiliarHand || !withFeatures || sure.size < MIN_TEACHING_SHARE * first.moves.length) return { game: first, first, adapted: false };
  const adapted = await Promise.all(sheetsOf(pages).map((sheet) => adaptSheet(sheet, sure, language, head)));
  options.onStep?.();
  const second = readGame(adapted.flat(), language, decoding);
  return doubtfulMoves(second) <= doubtfulMoves(first) ? { game: second, first, adapted: true } : { game: first, first, adapted: false };
}
