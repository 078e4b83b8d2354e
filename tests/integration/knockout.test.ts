import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { addPlayers } from "~/organiser/players.server";
import { drawNextRound, saveResults } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { organiserDatabase, TOURNAMENT, type TestDatabase } from "./databases";

/**
 * A 6-player knockout to the final, as the newcomer tried it (before, round 2 paired all six and
 * seeds 1 and 2 met round-1 losers): byes for seeds 1 and 2, winners advance by the bracket, a
 * drawn game needs the organiser's decision, the losers of the semi-finals play for third place.
 */
let test: TestDatabase;
let db: Db;
let event: { id: number; creatorId: number };

beforeAll(async () => {
  ({ test, db, event } = await organiserDatabase("ko@example.org", "Cup"));
});
afterAll(() => test?.close());

describe("knockout", () => {
  it("6 players: byes, winners only, a decided draw, final and third place", async () => {
    const tournament = await createTournament(db, event, { ...TOURNAMENT, name: "Cup", mode: "KNOCKOUT", plannedRounds: 1 });
    await addPlayers(db, tournament, Array.from({ length: 6 }, (_, i) => ({ name: `Seed ${i + 1}`, elo: 2600 - 100 * i, active: true })));
    const bySnr = new Map((await db.player.findMany({ where: { tournamentId: tournament.id } })).map((p) => [p.id, p.snr]));
    const boards = async (round: number) =>
      (await db.game.findMany({ where: { tournamentId: tournament.id, round }, orderBy: { board: "asc" } })).map((g) => ({
        id: g.id,
        pair: [bySnr.get(g.whiteId!), g.blackId ? bySnr.get(g.blackId) : null],
        result: g.gameResult,
      }));
    const results = (entries: [number, "WHITE_WINS" | "BLACK_WINS" | "DRAW"][]) => new Map(entries);

    expect(await drawNextRound(db, tournament, 1)).toEqual({ ok: true });
    const first = await boards(1);
    expect(first.map((b) => b.pair)).toEqual([[1, null], [4, 5], [2, null], [3, 6]]);
    expect(first.filter((b) => b.pair[1] === null).map((b) => b.result)).toEqual(["PLUS", "PLUS"]);
    expect((await db.tournament.findUniqueOrThrow({ where: { id: tournament.id } })).plannedRounds).toBe(3);

    // 5 beats 4; 3 and 6 draw and nobody is recorded yet: round 2 cannot be drawn
    await saveResults(db, tournament.id, 1, results([[first[1].id, "BLACK_WINS"], [first[3].id, "DRAW"]]));
    expect(await drawNextRound(db, tournament, 2)).toEqual({ ok: false, error: { code: "knockoutUndecided", board: 4 } });
    // after tie-break games 6 goes through
    await saveResults(db, tournament.id, 1, new Map(), new Map([[first[3].id, "black"]]));
    expect(await drawNextRound(db, tournament, 2)).toEqual({ ok: true });
    const semis = await boards(2);
    expect(semis.map((b) => b.pair)).toEqual([[1, 5], [2, 6]]);

    await saveResults(db, tournament.id, 2, results([[semis[0].id, "WHITE_WINS"], [semis[1].id, "BLACK_WINS"]]));
    expect(await drawNextRound(db, tournament, 3)).toEqual({ ok: true });
    const final = await boards(3);
    expect(final.map((b) => b.pair)).toEqual([[1, 6], [5, 2]]);

    await saveResults(db, tournament.id, 3, results([[final[0].id, "WHITE_WINS"], [final[1].id, "DRAW"]]));
    expect(await drawNextRound(db, tournament, 4)).toEqual({ ok: false, error: { code: "knockoutFinished" } });
  });
});
