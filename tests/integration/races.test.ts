import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "~/auth/accounts.server";
import type { Db } from "~/db/client.server";
import { addPlayers } from "~/organiser/players.server";
import { drawNextRound } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { organiserDatabase, TOURNAMENT, type TestDatabase } from "./databases";

/**
 * Concurrent requests on one tournament or one code happen one after the other (spec §5: no player
 * joins a tournament whose first round is drawn; a code is used once). Before, drawing round 1 while
 * players arrived stored players outside round 1 in 5 of 5 tries, and a losing concurrent draw
 * answered 500.
 */
let test: TestDatabase;
let db: Db;
let event: { id: number; creatorId: number };

beforeAll(async () => {
  ({ test, db, event } = await organiserDatabase("races@example.org", "Race Open"));
});
afterAll(() => test?.close());

const fields = TOURNAMENT;
const players = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, elo: 2000 - i, active: true }));

describe("one tournament, concurrent changes", () => {
  it("a draw and arriving players: every stored player is in round 1, or the players were refused", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const tournament = await createTournament(db, event, { ...fields, name: `Race ${attempt}` });
      await addPlayers(db, tournament, players(40, "Early"));
      const [drawn, ...added] = await Promise.all([
        drawNextRound(db, tournament, 1),
        addPlayers(db, tournament, players(30, "Late")),
        addPlayers(db, tournament, players(1, "Single")),
      ]);
      expect(drawn).toEqual({ ok: true });
      const stored = await db.player.findMany({ where: { tournamentId: tournament.id }, select: { id: true } });
      const games = await db.game.findMany({ where: { tournamentId: tournament.id, round: 1 } });
      const inRound = new Set(games.flatMap((g) => [g.whiteId, g.blackId]));
      expect(stored.filter((p) => !inRound.has(p.id))).toEqual([]);
      for (const result of added) if (!result.ok) expect(result.error).toBe("rounds.playersLocked");
    }
  });

  it("two concurrent draws of round 1: one draws, the other is told the pairings are already drawn", async () => {
    const tournament = await createTournament(db, event, { ...fields, name: "Double draw" });
    await addPlayers(db, tournament, players(20, "P"));
    const results = await Promise.all([drawNextRound(db, tournament, 1), drawNextRound(db, tournament, 1)]);
    expect(results).toContainEqual({ ok: true });
    expect(results).toContainEqual({ ok: false, error: { code: "pairingsAlreadyDrawn", round: 1 } });
    expect(await db.round.count({ where: { tournamentId: tournament.id } })).toBe(1);
  });
});

describe("single-use codes", () => {
  it("two resets with one code: exactly one succeeds", async () => {
    let key = "";
    await requestPasswordReset(db, "races@example.org", async (_user, mailed) => void (key = mailed));
    const results = await Promise.all([resetPassword(db, key, "First-Pass-1"), resetPassword(db, key, "Second-Pass-2")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: "reset.codeInvalid" });
  });
});
