import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { explainDrawnRound } from "~/organiser/explain.server";
import { importTournament } from "~/organiser/import.server";
import { addAbsence, addForbiddenPair, absencesOf, removeAbsence, setAcceleration } from "~/organiser/pairingRules.server";
import { addPlayers } from "~/organiser/players.server";
import { drawNextRound, recordsOf, saveResults } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { score } from "~/tournament/types";
import { organiserDatabase, TOURNAMENT, type TestDatabase } from "./databases";

/**
 * The organiser's pairing rules (Baku acceleration, players who must not meet, announced byes)
 * reach the Dutch engine when a round is drawn, and TRF imports bring them along: imported rounds
 * of bbpPairings' test data are drawn on as bbpPairings pairs them.
 */
let test: TestDatabase;
let db: Db;
let event: { id: number; creatorId: number };

beforeAll(async () => {
  ({ test, db, event } = await organiserDatabase("rules@example.org", "Rules Open"));
});
afterAll(() => test?.close());

const cases = path.join(import.meta.dirname, "../../app/tournament/testdata/bbp-rules");

async function boardsOf(tournamentId: number, round: number) {
  const games = await db.game.findMany({ where: { tournamentId, round }, orderBy: { board: "asc" }, include: { white: true, black: true } });
  return games.map((g) => `${g.white!.snr} ${g.black?.snr ?? 0}`);
}

describe("pairing rules in a tournament", () => {
  it("a forbidden pair, an announced half-point bye and Baku acceleration shape round 1; drawn rounds are locked", async () => {
    const tournament = await createTournament(db, event, { ...TOURNAMENT, name: "Family Open", plannedRounds: 5 });
    await addPlayers(db, tournament, Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}`, elo: 2400 - 50 * i, active: true })));
    const id = new Map((await db.player.findMany({ where: { tournamentId: tournament.id } })).map((p) => [p.snr, p.id]));

    expect(await setAcceleration(db, tournament, "BAKU")).toEqual({ ok: true });
    expect(await addForbiddenPair(db, tournament.id, id.get(4)!, id.get(1)!)).toEqual({ ok: true });
    expect(await addForbiddenPair(db, tournament.id, id.get(1)!, id.get(4)!)).toEqual({ ok: false, error: "pairingRules.pairExists" });
    expect(await addAbsence(db, tournament, id.get(12)!, 1, "HALF_POINT")).toEqual({ ok: true });
    expect(await addAbsence(db, tournament, id.get(12)!, 1, "ZERO_POINT")).toEqual({ ok: false, error: "pairingRules.absenceExists" });
    expect(await addAbsence(db, tournament, id.get(3)!, 6, "HALF_POINT")).toEqual({ ok: false, error: "pairingRules.roundNotPlanned" });
    const other = await createTournament(db, event, { ...TOURNAMENT, name: "Other" });
    expect(await addForbiddenPair(db, other.id, id.get(1)!, id.get(2)!)).toEqual({ ok: false, error: "pairingRules.unknownPlayer" });

    const fresh = await db.tournament.findUniqueOrThrow({ where: { id: tournament.id } });
    expect(await drawNextRound(db, fresh, 1)).toEqual({ ok: true });
    // Baku: players 1–6 carry a virtual point, so they form the top bracket (1–4, 2–5, 3–6 without
    // the rule); 1 and 4 must not meet; 12 is away, so 11 players: the PAB goes to the lowest.
    // bbpPairings pairs the same round (a TRF with 192 FIDE_DUTCH_2025_BAKU, 260 1 4, 240 H 12) so.
    const round1 = await boardsOf(tournament.id, 1);
    expect(round1).toEqual(["1 5", "4 2", "3 6", "7 9", "10 8", "11 0"]);

    expect(await setAcceleration(db, fresh, "NONE")).toEqual({ ok: false, error: "pairingRules.accelerationLocked" });
    expect(await addAbsence(db, fresh, id.get(5)!, 1, "HALF_POINT")).toEqual({ ok: false, error: "pairingRules.roundDrawn" });
    const [bye] = await db.playerAbsence.findMany({ where: { tournamentId: tournament.id } });
    expect(await removeAbsence(db, tournament.id, bye.id)).toEqual({ ok: false, error: "pairingRules.roundDrawn" });

    // the half-point bye counts in the standings
    const games = await db.game.findMany({ where: { tournamentId: tournament.id, round: 1 } });
    await saveResults(db, tournament.id, 1, new Map(games.filter((g) => g.blackId).map((g) => [g.id, "WHITE_WINS" as const])));
    const players = await db.player.findMany({ where: { tournamentId: tournament.id } });
    const records = recordsOf(players, await db.game.findMany({ where: { tournamentId: tournament.id } }), 1, await absencesOf(db, tournament.id));
    expect(score(records.find((r) => r.id === 12)!)).toBe(0.5);
    expect(score(records.find((r) => r.id === 11)!)).toBe(1);
  });
});

describe("TRF imports bring their pairing rules, and the next round is drawn as bbpPairings pairs it", () => {
  // 240 (a half-point bye announced for the round to pair), 192 Baku acceleration, 260 forbidden pairs
  for (const name of ["t16-absent", "t16-baku", "t58-forbidden"]) {
    it(name, async () => {
      const text = readFileSync(path.join(cases, name, "input.trf"), "utf8");
      const imported = await importTournament(db, event, `${name}.trf`, text);
      if (!imported.ok) throw new Error(imported.errors.join("\n"));
      const tournament = await db.tournament.findUniqueOrThrow({ where: { id: imported.id } });
      const played = await db.round.count({ where: { tournamentId: tournament.id } });
      expect(await drawNextRound(db, tournament, played + 1)).toEqual({ ok: true });
      const boards = await boardsOf(tournament.id, played + 1);
      const expected = readFileSync(path.join(cases, name, "bbp.txt"), "utf8").trim().split("\n").slice(1);
      // a pairing listing puts the PAB last, as the app's boards do
      expect(boards).toEqual(expected);
    });
  }

  it("keeps the rules it read: acceleration, forbidden pairs and byes of played and coming rounds", async () => {
    const imported = await importTournament(db, event, "baku.trf", readFileSync(path.join(cases, "t16-baku", "input.trf"), "utf8"));
    if (!imported.ok) throw new Error(imported.errors.join("\n"));
    expect((await db.tournament.findUniqueOrThrow({ where: { id: imported.id } })).acceleration).toBe("BAKU");
    const forbidden = await importTournament(db, event, "forbidden.trf", readFileSync(path.join(cases, "t58-forbidden", "input.trf"), "utf8"));
    if (!forbidden.ok) throw new Error(forbidden.errors.join("\n"));
    expect(await db.forbiddenPair.count({ where: { tournamentId: forbidden.id } })).toBe(10);
    const absent = await importTournament(db, event, "absent.trf", readFileSync(path.join(cases, "t16-absent", "input.trf"), "utf8"));
    if (!absent.ok) throw new Error(absent.errors.join("\n"));
    const rows = await db.playerAbsence.findMany({ where: { tournamentId: absent.id }, include: { player: true }, orderBy: [{ round: "asc" }, { player: { snr: "asc" } }] });
    expect(rows.map((r) => `${r.round}:${r.player.snr}:${r.kind}`)).toEqual(["1:5:HALF_POINT", "2:10:HALF_POINT", "3:6:HALF_POINT", "3:9:HALF_POINT", "4:6:HALF_POINT", "4:13:HALF_POINT"]);
  });
});

describe("why a drawn round is paired so", () => {
  it("explains the engine's round as drawn, and says so when the stored pairings are not the engine's", async () => {
    const imported = await importTournament(db, event, "c8.trf", readFileSync(path.join(import.meta.dirname, "../../app/tournament/testdata/bbp-cases/t0044-n12-r5-kiebitz-pairs/input.trf"), "utf8"));
    if (!imported.ok) throw new Error(imported.errors.join("\n"));
    const tournament = await db.tournament.findUniqueOrThrow({ where: { id: imported.id } });
    expect(await drawNextRound(db, tournament, 5)).toEqual({ ok: true });
    const explained = await explainDrawnRound(db, tournament, 5);
    if (!explained.ok) throw new Error(explained.error);
    expect(explained.value.differs).toBe(false);
    expect(explained.value.boards[2]).toMatchObject({ white: 4, black: 7, offered: 2, reason: { kind: "criterion", criterion: "C8" } });
    expect(explained.value.names[4]).toBe("Test0004 Player0004");
    // an earlier round, as the file recorded it (bbpPairings' own pairing), is explained too
    const round2 = await explainDrawnRound(db, tournament, 2);
    expect(round2.ok && round2.value.differs).toBe(false);
    // swap the colours of a board: no longer the engine's pairing
    const game = await db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 5, board: 1 } });
    await db.game.update({ where: { id: game.id }, data: { whiteId: game.blackId, blackId: game.whiteId } });
    const changed = await explainDrawnRound(db, tournament, 5);
    expect(changed.ok && changed.value.differs).toBe(true);
    const knockout = await createTournament(db, event, { ...TOURNAMENT, name: "KO", mode: "KNOCKOUT" });
    expect(await explainDrawnRound(db, knockout, 1)).toEqual({ ok: false, error: "notSwiss" });
  });
});
