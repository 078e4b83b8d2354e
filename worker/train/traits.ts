/**
 * Fits the move prior's weights of what a move does (worker/reader/prior.ts, board.ts `moveTraits`: it takes, it
 * checks, it leaves the piece moved to be won, it leaves another piece to be won) on the engine's games that the
 * benchmark's sheets never write (the
 * second half of worker/synth/engine-games.json.gz, which the sheets where choices are made write: no collection of
 * real middlegames is in reach here, README "Chess knowledge"), and writes them to worker/model/prior/traits.json
 * (committed). The weights are those under which the moves played are likeliest among their positions' legal moves
 * (a conditional logit over the sixteen combinations of traits, fit by iterative scaling; seconds).
 * Run: npm run train:traits [-- --out dir]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Chess } from "chess.js";
import { TRAIT_KINDS, legalMoves, moveTraits, parseFen } from "../reader/board";
import { SHIPPED_PRIOR_DIR, TRAITS_FILE } from "../reader/prior";
import { CHOICE_GAMES, engineGames } from "../synth/engineGames";
import { fitTraitWeights, traitCost, type TraitCounts } from "./traitWeights";

const { values } = parseArgs({ options: { out: { type: "string", default: SHIPPED_PRIOR_DIR } } });

/** Every position of the games, its legal moves counted by their traits, with the traits of the move played. */
function traitCounts(games: readonly string[][]): TraitCounts[] {
  const positions: TraitCounts[] = [];
  for (const game of games) {
    const chess = new Chess();
    for (const san of game) {
      const position = parseFen(chess.fen());
      const { moves, sans } = legalMoves(position);
      const traits = moveTraits(position, moves, sans);
      const legal = new Array<number>(TRAIT_KINDS).fill(0);
      for (const trait of traits) legal[trait]++;
      positions.push({ legal, played: traits[sans.indexOf(san)] });
      chess.move(san);
    }
  }
  return positions;
}

const games = engineGames();
const positions = traitCounts(games.slice(CHOICE_GAMES));
const { weights, nats, evenNats } = fitTraitWeights(positions);
const heldOut = traitCounts(games.slice(0, CHOICE_GAMES));
console.log(`Move traits: fit on ${games.length - CHOICE_GAMES} games, ${positions.length} positions; a move played costs ${nats.toFixed(3)} nats under the weights, ${evenNats.toFixed(3)} with every legal move alike`);
console.log(`  on the benchmark's ${CHOICE_GAMES} games (never fit on), ${heldOut.length} positions: ${traitCost(heldOut, weights).toFixed(3)} against ${traitCost(heldOut).toFixed(3)} nats`);
/** A combination of traits in words: "takes, leaves". */
const named = (kind: number) => ["takes", "checks", "loses", "leaves"].filter((_, bit) => kind & (1 << bit)).join(", ") || "quiet";
console.log(`  weights: ${weights.map((weight, kind) => `${named(kind)} ${weight.toFixed(3)}`).join("; ")}`);
mkdirSync(values.out!, { recursive: true });
writeFileSync(path.join(values.out!, TRAITS_FILE), `${JSON.stringify(weights.map((weight) => +weight.toFixed(4)))}\n`);
console.log(`Wrote ${path.join(values.out!, TRAITS_FILE)}`);
