import { describe, expect, it } from "vitest";
import { teamMatches, teamRecords, teamStandings } from "./teams.server";

const teams = [
  { id: 10, snr: 1, name: "Rooks", players: [{ id: 1 }, { id: 2 }] },
  { id: 20, snr: 2, name: "Knights", players: [{ id: 3 }, { id: 4 }] },
];
const games = [
  { round: 1, board: 1, whiteId: 1, blackId: 3, gameResult: "WHITE_WINS" as const },
  { round: 1, board: 2, whiteId: 4, blackId: 2, gameResult: "DRAW" as const },
  { round: 2, board: 1, whiteId: 3, blackId: 1, gameResult: "WHITE_WINS" as const },
  { round: 2, board: 2, whiteId: 2, blackId: 4, gameResult: "BLACK_WINS" as const },
];

describe("team matches from board games", () => {
  it("adds the board points per match, the team with white on board 1 named first", () => {
    expect(teamMatches(teams, games)).toEqual([
      { round: 1, home: 1, away: 2, homePoints: 1.5, awayPoints: 0.5, boards: [1, 2] },
      { round: 2, home: 2, away: 1, homePoints: 2, awayPoints: 0, boards: [1, 2] },
    ]);
  });

  it("gives the engine match points as scores and the home team as white", () => {
    const [rooks] = teamRecords(teams, teamMatches(teams, games), 2);
    expect(rooks.rounds).toEqual([
      { kind: "game", opponent: 2, colour: "w", points: 2 },
      { kind: "game", opponent: 2, colour: "b", points: 0 },
    ]);
  });

  it("ranks by match points, then board points", () => {
    expect(teamStandings(teams, teamMatches(teams, games), 2)).toEqual([
      { snr: 2, name: "Knights", matchPoints: 2, boardPoints: 2.5, rank: 1 },
      { snr: 1, name: "Rooks", matchPoints: 2, boardPoints: 1.5, rank: 2 },
    ]);
    expect(teamStandings(teams, teamMatches(teams, games), 1).map((r) => [r.name, r.matchPoints])).toEqual([
      ["Rooks", 2],
      ["Knights", 0],
    ]);
  });
});

describe("team form", () => {
  it("refuses a member whose name is longer than a player's name may be", async () => {
    const { teamSchema } = await import("~/forms/organiser");
    const members = `Anna, 2000\n${"B".repeat(101)}, 1900`;
    const result = teamSchema.safeParse({ intent: "addTeam", teamName: "Rooks", members });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(["teams.memberTooLong"]);
    expect(teamSchema.safeParse({ intent: "addTeam", teamName: "Rooks", members: "Anna, 2000\nBert" }).success).toBe(true);
  });
});
