/**
 * Makes the games the reader is measured on besides random play and ECO openings: whole games played by the
 * Stockfish chess engine held to a club player's strength (UCI_LimitStrength, each side's Elo drawn from
 * 1350–2000), so that the middlegames are as a player plays them (pieces defended, checks answered,
 * mistakes a club player makes) rather than random. No collection of real games' middlegames is in reach here
 * (README, "Chess knowledge"); these stand in for them. Needs Debian's engine (`apt-get install stockfish`, or
 * `--engine path`); writes worker/synth/engine-games.json.gz (committed: measuring needs no engine). The engine
 * seeds its own randomness, so runs differ; the file holds what one run played.
 * Run: npm run train:games [-- --games 256 --engine /usr/games/stockfish --movetime 15]
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { Chess } from "chess.js";
import { ENGINE_GAMES_FILE, ENGINE_GAME_PLIES } from "../synth/engineGames";

const { values } = parseArgs({ options: { games: { type: "string", default: "256" }, engine: { type: "string", default: "/usr/games/stockfish" }, movetime: { type: "string", default: "15" } } });
const GAMES = Number(values.games);
const MOVETIME = Number(values.movetime);
if (!(Number.isInteger(GAMES) && GAMES >= 1 && GAMES <= 10_000)) throw new Error(`--games: 1 to 10,000, not ${values.games}`);
if (!(MOVETIME >= 1 && MOVETIME <= 10_000)) throw new Error(`--movetime: 1 to 10,000 ms, not ${values.movetime}`);

/** One engine process, asked in UCI; a question it can no longer answer (the engine gone) fails. */
function engine(file: string) {
  const child = spawn(file, [], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting: { prefix: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  lines.on("line", (line) => {
    const next = waiting[0];
    if (next && line.startsWith(next.prefix)) {
      waiting.shift();
      next.resolve(line);
    }
  });
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone = error;
    for (const question of waiting.splice(0)) question.reject(error);
  };
  child.on("error", fail);
  child.on("exit", (code) => fail(new Error(`${file} stopped (exit code ${code})`)));
  const ask = (command: string, prefix: string) =>
    new Promise<string>((resolve, reject) => {
      if (gone) return reject(gone);
      waiting.push({ prefix, resolve, reject });
      child.stdin.write(`${command}\n`);
    });
  const send = (command: string) => child.stdin.write(`${command}\n`);
  return { ask, send, quit: () => send("quit") };
}

const uci = engine(values.engine!);
await uci.ask("uci", "uciok");
uci.send("setoption name UCI_LimitStrength value true");
const elo = () => 1350 + Math.floor(Math.random() * 651);
const games: string[][] = [];
for (let game = 0; game < GAMES; game++) {
  const strengths = [elo(), elo()];
  uci.send("ucinewgame");
  const chess = new Chess();
  const moves: string[] = [];
  while (!chess.isGameOver() && moves.length < ENGINE_GAME_PLIES) {
    uci.send(`setoption name UCI_Elo value ${strengths[moves.length % 2]}`);
    await uci.ask("isready", "readyok");
    uci.send(`position startpos${moves.length ? ` moves ${moves.join(" ")}` : ""}`);
    const best = (await uci.ask(`go movetime ${MOVETIME}`, "bestmove")).split(" ")[1];
    chess.move({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] });
    moves.push(best);
  }
  games.push(chess.history());
  process.stdout.write(game % 16 === 15 ? `${game + 1}\n` : ".");
}
uci.quit();
writeFileSync(ENGINE_GAMES_FILE, gzipSync(JSON.stringify(games)));
const plies = games.map((g) => g.length);
console.log(`${games.length} games, ${Math.min(...plies)}–${Math.max(...plies)} plies (mean ${(plies.reduce((a, b) => a + b, 0) / plies.length).toFixed(1)}), written to ${ENGINE_GAMES_FILE}`);
