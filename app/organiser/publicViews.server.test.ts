import { describe, expect, it } from "vitest";
import { crossTable, playerRounds, resultMark, roundBoards, standingsAfter, startingList, type PublicGame, type Snapshot } from "./publicViews.server";

/**
 * The public views of a small Swiss tournament, checked by hand: four players, two rounds; round 1
 * Anna–Cleo 1-0, Dora–Bert ½-½; round 2 Bert–Anna 0-1, Cleo gets the PAB, Dora announced a
 * half-point bye.
 */
const player = (id: number, name: string, elo: number | null) => ({ id, snr: id, name, title: id === 1 ? "IM" : null, elo, nwz: null, club: null, country: "GER", fideId: null, teamId: null });
const game = (round: number, board: number, whiteId: number, blackId: number | null, gameResult: PublicGame["gameResult"], moves: string | null = null): PublicGame => ({
  round, board, whiteId, blackId, gameResult, pairingType: "NORMAL", moves, fen: null, winnerId: null,
});

const snapshot: Snapshot = {
  tournament: { id: 1, name: "Open", mode: "SWISS", form: "SINGLE_PLAYER", tiebreakScoreFirst: "BUCHHOLZ", tiebreakScoreSecond: "NONE", tiebreakScoreThird: "NONE" },
  players: [player(1, "Anna", 2000), player(2, "Bert", 1900), player(3, "Cleo", 1800), player(4, "Dora", null)],
  games: [game(1, 1, 1, 3, "WHITE_WINS", "e4 e5"), game(1, 2, 4, 2, "DRAW"), game(2, 1, 2, 1, "BLACK_WINS"), game(2, 2, 3, null, "PLUS")],
  absences: [{ playerId: 4, round: 2, kind: "HALF_POINT" }],
  teams: [],
};

describe("public views", () => {
  it("the starting list is in starting-number order with the rating shown", () => {
    expect(startingList(snapshot).map((p) => [p.snr, p.name, p.rating])).toEqual([[1, "Anna", 2000], [2, "Bert", 1900], [3, "Cleo", 1800], [4, "Dora", null]]);
  });

  it("a round's boards carry each player's points before the round; absent players are listed", () => {
    const { boards, absent } = roundBoards(snapshot, 2);
    expect(boards.map((b) => [b.board, b.white?.name, b.white?.points, b.black?.name ?? null, b.black?.points ?? null, b.result])).toEqual([
      [1, "Bert", 0.5, "Anna", 1, "BLACK_WINS"],
      [2, "Cleo", 0, null, null, "PLUS"],
    ]);
    expect(absent.map((p) => [p.name, p.points])).toEqual([["Dora", 0.5]]);
    expect(roundBoards(snapshot, 1).boards[0].hasMoves).toBe(true);
  });

  it("standings after a round use only the rounds up to it, with the Buchholz column", () => {
    const after1 = standingsAfter(snapshot, 1);
    expect(after1.headers).toEqual(["BH"]);
    expect(after1.rows.map((r) => [r.rank, r.name, r.score])).toEqual([[1, "Anna", 1], [2, "Bert", 0.5], [2, "Dora", 0.5], [4, "Cleo", 0]]);
    const after2 = standingsAfter(snapshot, 2);
    // Anna 2; Dora 1 (draw + half-point bye), Cleo 1 (PAB): Buchholz Dora = Bert 0.5 + own 1 = 1.5, Cleo = Anna 2 + own 1 = 3
    expect(after2.rows.map((r) => [r.rank, r.name, r.score, r.tiebreaks[0]])).toEqual([
      [1, "Anna", 2, 1.5],
      [2, "Cleo", 1, 3],
      [3, "Dora", 1, 1.5],
      [4, "Bert", 0.5, 3],
    ]);
  });

  it("the cross table names each opponent by rank, with colour and result; byes as + and ½", () => {
    const rows = crossTable(snapshot, 2).rows;
    expect(rows[0].cells).toEqual([
      { opponent: 2, colour: "w", mark: "1", kind: "game" },
      { opponent: 4, colour: "b", mark: "1", kind: "game" },
    ]);
    expect(rows[1].cells[1]).toEqual({ opponent: null, colour: null, mark: "+", kind: "pab" });
    expect(rows[2].cells[1]).toEqual({ opponent: null, colour: null, mark: "½", kind: "bye" });
  });

  it("a player's page: running score, rank, average opponent rating and rating performance", () => {
    const anna = playerRounds(snapshot, 1)!;
    expect(anna.rounds.map((r) => [r.round, r.board, r.opponent?.name, r.colour, r.mark, r.running])).toEqual([
      [1, 1, "Cleo", "w", "1", 1],
      [2, 1, "Bert", "b", "1", 2],
    ]);
    expect(anna.rank).toBe(1);
    expect(anna.averageOpponent).toBe(1850);
    expect(anna.performance).toBe(2650); // 2/2 against 1850: + 800
    expect(playerRounds(snapshot, 9)).toBeNull();
  });

  it("result marks: 1, ½, 0 for games; + and − for what was won or lost without play", () => {
    expect(resultMark({ kind: "game", opponent: 2, colour: "w", points: 0.5 })).toBe("½");
    expect(resultMark({ kind: "forfeit", opponent: 2, colour: "w", points: 1 })).toBe("+");
    expect(resultMark({ kind: "forfeit", opponent: 2, colour: "b", points: 0 })).toBe("−");
    expect(resultMark({ kind: "bye", points: 0.5 })).toBe("½");
  });
});
