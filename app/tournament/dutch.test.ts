import { describe, expect, it } from "vitest";
import { seededRandom } from "~/chess/random";
import { pairDutch } from "./dutch";
import type { Colour, PlayerRecord, RoundPairing } from "./types";

/** Records from a compact history: per round [white, black, white's points] and byes. */
function tournament(n: number, rounds: { games: [number, number, number][]; byes?: number[] }[]): PlayerRecord[] {
  const players: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, rounds: [] }));
  rounds.forEach(({ games, byes = [] }, r) => {
    for (const [white, black, points] of games) {
      players[white - 1].rounds[r] = { kind: "game", opponent: black, colour: "w", points };
      players[black - 1].rounds[r] = { kind: "game", opponent: white, colour: "b", points: 1 - points };
    }
    for (const bye of byes) players[bye - 1].rounds[r] = { kind: "pab", points: 1 };
  });
  return players;
}

function pair(players: PlayerRecord[], round: number, totalRounds = 9, present = players.map((p) => p.id)): RoundPairing {
  const result = pairDutch({ players, present, round, totalRounds });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

const boards = (pairing: RoundPairing) => pairing.pairings.map(({ white, black }) => `${white}-${black}`);

describe("FIDE Dutch system", () => {
  it("round 1: top half against bottom half, colours alternating from the initial colour", () => {
    expect(boards(pair(tournament(8, []), 1))).toEqual(["1-5", "6-2", "3-7", "8-4"]);
  });

  it("round 1 with an odd number: the lowest player receives the pairing-allocated bye", () => {
    const pairing = pair(tournament(7, []), 1);
    expect(boards(pairing)).toEqual(["1-4", "5-2", "3-6"]);
    expect(pairing.bye).toBe(7);
  });

  it("round 2: winners meet winners, and each player gets the colour he did not have", () => {
    const players = tournament(4, [{ games: [[1, 3, 1], [4, 2, 0]] }]);
    expect(boards(pair(players, 2))).toEqual(["2-1", "3-4"]);
  });

  it("avoids a rematch and prefers the exchange that gives everyone his colour (C1, C10)", () => {
    // All drew: the transposition 1-4, 2-3 would deny two colour preferences; the exchange 1-2, 3-4 denies none.
    const players = tournament(4, [{ games: [[1, 3, 0.5], [4, 2, 0.5]] }]);
    expect(boards(pair(players, 2))).toEqual(["2-1", "3-4"]);
  });

  it("floats the lowest player of an odd score group down to the next group", () => {
    // After round 1: 1, 2, 3 won (score 1), 4, 5, 6 lost (score 0).
    const players = tournament(6, [{ games: [[1, 4, 1], [5, 2, 0], [3, 6, 1]] }]);
    const pairing = pair(players, 2);
    // Group 1 {1,2,3}: 1-2 pair (colours: 1 had white, 2 had black) and 3 floats down to meet the top of {4,5,6} it has not met.
    // 3 (white before) meets 4 (black before), and 5-6 pair in the remaining group.
    expect(boards(pairing)).toEqual(["2-1", "4-3", "6-5"]);
  });

  it("never gives a second pairing-allocated bye", () => {
    const players = tournament(3, [{ games: [[1, 2, 1]], byes: [3] }]);
    const pairing = pair(players, 2);
    expect(pairing.bye).not.toBe(3);
    expect(pairing.pairings).toHaveLength(1);
  });

  it("gives the PAB to the player with the fewest unplayed games among the lowest scores (C5, C9)", () => {
    // Round 1: 1 beat 3, 2 beat 4, 5 was absent (zero-point bye). 3, 4 and 5 have no points; 5 already missed a game.
    const players = tournament(5, [{ games: [[1, 3, 1], [4, 2, 0]] }]);
    players[4].rounds[0] = { kind: "bye", points: 0 };
    const pairing = pair(players, 2);
    expect(boards(pairing)).toEqual(["2-1", "3-5"]);
    expect(pairing.bye).toBe(4);
  });

  it("compares colours on the latest played games, rounds without a game counting as the earliest (C.04.2 3.4, 5.2)", () => {
    // Both want black (colour difference +1), both with 4 points; 1 played w b w b w, 2 played w (forfeit) b w (forfeit win).
    // Aligned from the latest game the histories agree, so the higher-ranked player 1 gets his preference (5.2.4).
    const game = (opponent: number, colour: Colour, points: number) => ({ kind: "game" as const, opponent, colour, points });
    const forfeit = (opponent: number, colour: Colour, points: number) => ({ kind: "forfeit" as const, opponent, colour, points });
    const players: PlayerRecord[] = [
      { id: 1, rounds: [game(3, "w", 1), game(4, "b", 0), game(5, "w", 1), game(6, "b", 1), game(7, "w", 1)] },
      { id: 2, rounds: [game(8, "w", 1), forfeit(9, "b", 0), game(10, "b", 1), game(11, "w", 1), forfeit(12, "b", 1)] },
    ];
    expect(boards(pair(players, 6, 9, [1, 2]))).toEqual(["2-1"]);
  });

  it("leaves absent players out of the pairing", () => {
    const pairing = pair(tournament(6, []), 1, 5, [1, 2, 3, 5, 6]);
    expect(boards(pairing)).toEqual(["1-3", "5-2"]);
    expect(pairing.bye).toBe(6);
  });

  it("keeps a player's absolute colour preference: no third black in a row", () => {
    // Player 4 had black twice; he must get white.
    const players = tournament(4, [
      { games: [[1, 4, 0.5], [2, 3, 0.5]] },
      { games: [[3, 1, 0.5], [2, 4, 0.5]] },
    ]);
    const pairing = pair(players, 3);
    const four = pairing.pairings.find((p) => p.white === 4 || p.black === 4)!;
    expect(four.white).toBe(4);
  });

  it("reports an impossible round instead of pairing anyone twice", () => {
    const players = tournament(2, [{ games: [[1, 2, 1]] }]);
    expect(pairDutch({ players, present: [1, 2], round: 2, totalRounds: 3 })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "pairingsNotPossible" }),
    });
  });

  it("in generated tournaments never pairs two players twice, never gives a bye twice, pairs everyone present once", () => {
    for (const [n, rounds, seed] of [[9, 7, 1], [14, 9, 2], [21, 9, 3], [40, 9, 4], [11, 5, 5]] as const) {
      const random = seededRandom(seed);
      const players: PlayerRecord[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, rounds: [] }));
      for (let round = 1; round <= rounds; round++) {
        const present = players.filter(() => random() > 0.05).map((p) => p.id);
        const pairing = pair(players, round, rounds, present);
        const seen = pairing.pairings.flatMap((p) => [p.white, p.black]).concat(pairing.bye ? [pairing.bye] : []);
        expect(seen.sort((a, b) => a - b)).toEqual([...present].sort((a, b) => a - b));
        for (const { white, black } of pairing.pairings) {
          expect(players[white - 1].rounds.some((e) => e?.kind === "game" && e.opponent === black)).toBe(false);
          const x = random();
          const points = x < 0.4 ? 1 : x < 0.7 ? 0.5 : 0;
          players[white - 1].rounds[round - 1] = { kind: "game", opponent: black, colour: "w" as Colour, points };
          players[black - 1].rounds[round - 1] = { kind: "game", opponent: white, colour: "b" as Colour, points: 1 - points };
        }
        if (pairing.bye) {
          expect(players[pairing.bye - 1].rounds.some((e) => e?.kind === "pab")).toBe(false);
          players[pairing.bye - 1].rounds[round - 1] = { kind: "pab", points: 1 };
        }
        for (const p of players) if (!present.includes(p.id)) p.rounds[round - 1] = { kind: "bye", points: 0 };
      }
    }
  });
});
