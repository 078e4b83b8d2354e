import { describe, expect, it } from "vitest";
import { gameWritten, sameGame } from "./sameGame";

const ruyLopez = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"];
const misread = (moves: string[], plies: number[]) => moves.map((san, ply) => (plies.includes(ply) ? `${san}?` : san));

describe("a sheet's moves and a game's reading", () => {
  it("are one game where they agree on a dozen plies and two thirds of those both hold", () => {
    expect(sameGame(ruyLopez, ruyLopez)).toBe(true);
    // five misreads in sixteen: eleven agree, under a dozen
    expect(sameGame(misread(ruyLopez, [1, 4, 7, 10, 13]), ruyLopez)).toBe(false);
    // four misreads: twelve of sixteen agree (3/4)
    expect(sameGame(misread(ruyLopez, [1, 4, 7, 10]), ruyLopez)).toBe(true);
    // a game read longer than the sheet: only the plies both hold count
    expect(sameGame(ruyLopez.slice(0, 12), [...ruyLopez, "h3", "Bb7"])).toBe(true);
  });

  it("are one game where the sheet's player left a move out or wrote one twice, the moves after it a row apart", () => {
    const game = [...ruyLopez, "h3", "Bb7", "d4", "Re8", "Nbd2", "Bf8", "a3", "h6", "Bc2", "Nb8", "b4", "Nbd7"];
    // move 5 (O-O Be7) not written: ply by ply only the first eight plies agree
    const leftOut = [...game.slice(0, 8), ...game.slice(10)];
    expect(sameGame(leftOut, game)).toBe(true);
    expect(sameGame(game, leftOut)).toBe(true);
    // move 9 (c3 O-O) written twice
    const twice = [...game.slice(0, 16), ...game.slice(14)];
    expect(sameGame(twice, game)).toBe(true);
    // a move left out early and another game after it: not one game
    expect(sameGame([...game.slice(0, 4), ...game.slice(6, 10), "a4", "Rb8", "axb5", "axb5", "Na3", "Bg4", "Nxb5", "Qd7", "Nc3", "Nd4", "Nxd4", "exd4"], game)).toBe(false);
  });

  it("are two games where they part after a shared opening", () => {
    const other = [...ruyLopez.slice(0, 12), "Bb3", "Bb7", "d3", "d6", "a4", "Na5", "Ba2", "c5", "Nc3", "b4"];
    const longer = [...ruyLopez, "h3", "Bb7", "d4", "Re8", "Nbd2", "Bf8", "a3", "h6"];
    // twelve plies agree, of twenty-two both hold
    expect(sameGame(other, longer)).toBe(false);
    // a game of under a dozen plies is never matched
    expect(sameGame(ruyLopez.slice(0, 11), ruyLopez.slice(0, 11))).toBe(false);
  });

  it("name the one game written, none where two games would do", () => {
    const queensGambit = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "h6", "Bh4", "b6", "cxd5", "Nxd5"];
    const games = [{ id: 1, moves: queensGambit }, { id: 2, moves: ruyLopez }];
    expect(gameWritten(ruyLopez, games)?.id).toBe(2);
    expect(gameWritten(ruyLopez, [...games, { id: 3, moves: ruyLopez }])).toBeNull();
    expect(gameWritten(ruyLopez, [])).toBeNull();
  });
});
