import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { readPlayersCsv } from "~/organiser/csv";
import { createEvent } from "~/organiser/events.server";
import { importTournament } from "~/organiser/import.server";
import { addPlayers } from "~/organiser/players.server";
import { createTournament } from "~/organiser/tournaments.server";
import { organiserDatabase, TOURNAMENT, type TestDatabase } from "./databases";

/**
 * Imports of a real open's size: all or nothing, within seconds, bounded by what the domain allows.
 * (CSV imports of 1,000–2,000 players and JSON imports of 5,000 failed with 500 before: a database
 * transaction of one insert per player timed out after 5 s.)
 */
let test: TestDatabase;
let db: Db;
let event: { id: number; creatorId: number };

beforeAll(async () => {
  ({ test, db, event } = await organiserDatabase("imports@example.org", "Big Open"));
});
afterAll(() => test?.close());

const fields = { ...TOURNAMENT, plannedRounds: 9 };

describe("player imports", () => {
  it("a CSV of 10,000 players is imported in one go, numbered by rating", async () => {
    const tournament = await createTournament(db, event, { ...fields, name: "Ten thousand" });
    const csv = `name,elo,club\n${Array.from({ length: 10_000 }, (_, i) => `"Player ${i}",${1000 + (i % 2000)},Club ${i % 50}`).join("\n")}\n`;
    const { rows, errors } = readPlayersCsv(csv);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(10_000);
    const added = await addPlayers(db, tournament, rows.map((row) => row.player));
    expect(added).toEqual({ ok: true });
    expect(await db.player.count({ where: { tournamentId: tournament.id } })).toBe(10_000);
    const first = await db.player.findFirstOrThrow({ where: { tournamentId: tournament.id, snr: 1 } });
    expect(first.elo).toBe(2999);
    const last = await db.player.findFirstOrThrow({ where: { tournamentId: tournament.id, snr: 10_000 } });
    expect(last.elo).toBe(1000);
  });

  it("more players than the tournament's maximum are refused and nothing is stored", async () => {
    const tournament = await createTournament(db, event, { ...fields, name: "Small" });
    await db.tournament.update({ where: { id: tournament.id }, data: { maxPlayers: 10 } });
    const added = await addPlayers(db, { ...tournament, maxPlayers: 10 }, Array.from({ length: 11 }, (_, i) => ({ name: `P${i}`, active: true })));
    expect(added).toEqual({ ok: false, error: "players.tooMany" });
    expect(await db.player.count({ where: { tournamentId: tournament.id } })).toBe(0);
  });
});

describe("tournament file imports", () => {
  const file = (extra: object) =>
    JSON.stringify({
      format: "kiebitz-tournament",
      version: 1,
      name: "Imported",
      mode: "SWISS",
      participants: Array.from({ length: 5000 }, (_, i) => ({ startRank: i + 1, name: `Player ${i + 1}`, elo: 2500 - (i % 1000) })),
      ...extra,
    });

  it("a JSON file of 5,000 players with a round is imported whole", async () => {
    const games = Array.from({ length: 2500 }, (_, i) => ({ board: i + 1, white: 2 * i + 1, black: 2 * i + 2, result: "1-0" }));
    const result = await importTournament(db, event, "open.json", file({ plannedRounds: 9, rounds: [{ round: 1, games }] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await db.player.count({ where: { tournamentId: result.id } })).toBe(5000);
    expect(await db.game.count({ where: { tournamentId: result.id, round: 1 } })).toBe(2500);
  });

  it("round 100000000 (which ran the public page out of memory) is refused, and nothing is stored", async () => {
    const before = await db.tournament.count();
    const result = await importTournament(db, event, "huge.json", file({ rounds: [{ round: 100_000_000, games: [] }] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatch(/^rounds\.0\.round: /);
    expect(await db.tournament.count()).toBe(before);
  });

  it("a round after the planned rounds, or a board beyond the number of players, is refused", async () => {
    const late = await importTournament(db, event, "late.json", file({ plannedRounds: 5, rounds: [{ round: 6, games: [] }] }));
    expect(late.ok ? [] : late.errors).toEqual(["rounds.0.round: round 6 is after the last planned round 5"]);
    const board = await importTournament(db, event, "board.json", file({ rounds: [{ round: 1, games: [{ board: 9999, white: 1, black: 2, result: "1-0" }] }] }));
    expect(board.ok ? [] : board.errors).toEqual(["rounds.0.games.0.board: board 9999: more boards than players"]);
  });

  it("a file with thousands of errors reports the first 20 and how many more", async () => {
    const bad = JSON.stringify({ format: "kiebitz-tournament", version: 1, name: "Bad", mode: "SWISS", participants: Array.from({ length: 100 }, () => ({ startRank: 0, name: "" })) });
    const result = await importTournament(db, event, "bad.json", bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(21);
    expect(result.errors[20]).toBe("… and 279 more errors");
  });
});

describe("public addresses", () => {
  it("two organisers' events of the same name get different addresses; a comma makes no collision", async () => {
    const role = await db.role.findUniqueOrThrow({ where: { name: "User" } });
    const other = await db.user.create({ data: { email: "other-imports@example.org", username: "Other", roleId: role.id, confirmed: true } });
    const first = await createEvent(db, other.id, { name: "Big Open" });
    const second = await createEvent(db, other.id, { name: "Big, Open" });
    expect(first.ok && second.ok).toBe(true);
    const slugs = (await db.event.findMany({ where: { name: { in: ["Big Open", "Big, Open"] } }, orderBy: { id: "asc" }, select: { slug: true } })).map((e) => e.slug);
    expect(slugs).toEqual(["Big-Open", "Big-Open-2", "Big-Open-3"]);
  });
});
