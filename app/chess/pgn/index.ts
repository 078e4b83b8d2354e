export { decodePgnBytes } from "./decode";
export { readPgn } from "./parse";
export { playersFromGames, type PgnPlayer } from "./players";
export { tag, type PgnError, type PgnGame, type PgnMove, type PgnReadResult, type PgnResult } from "./types";
export { writeGame, writePgn } from "./write";
