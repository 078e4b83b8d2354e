import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPgn, tag } from "~/chess/pgn";
import type { Db } from "~/db/client.server";
import { importRoundGames } from "~/organiser/gameImport.server";
import { positionOf } from "~/organiser/games.server";
import { exportPgn } from "~/organiser/pgnExport.server";
import { playerCard } from "~/organiser/playerCard.server";
import { addPlayers } from "~/organiser/players.server";
import { drawNextRound, saveResults } from "~/organiser/rounds.server";
import { createTournament } from "~/organiser/tournaments.server";
import { organiserDatabase, TOURNAMENT, type TestDatabase } from "./databases";

/**
 * What the organiser reads off a tournament: a player's card (rank, points, each round's board,
 * opponent and colour), the PGN export (Date and Site of the event, not '????.??.??' and '?'),
 * and a game imported from a PGN that starts from a FEN (its start position kept, its page readable).
 */
let test: TestDatabase;
let db: Db;
let tournament: Awaited<ReturnType<typeof createTournament>>;

beforeAll(async () => {
  let event: { id: number; creatorId: number };
  ({ test, db, event } = await organiserDatabase("views@example.org", "Club Open"));
  await db.event.update({ where: { id: event.id }, data: { site: "Berlin", startDate: new Date("2026-12-05") } });
  tournament = await createTournament(db, event, { ...TOURNAMENT, name: "A", plannedRounds: 3, tiebreak1: "BUCHHOLZ" });
  await addPlayers(db, tournament, ["Anna", "Bert", "Cleo", "Dora"].map((name, i) => ({ name, elo: 2000 - 100 * i, active: true })));
  await drawNextRound(db, tournament, 1);
});
afterAll(() => test?.close());

describe("organiser views", () => {
  it("a player's card: rank, points, and each round's board, opponent and colour", async () => {
    const games = await db.game.findMany({ where: { tournamentId: tournament.id, round: 1 }, orderBy: { board: "asc" }, include: { white: true, black: true } });
    expect(games.map((g) => [g.white?.name, g.black?.name])).toEqual([["Anna", "Cleo"], ["Dora", "Bert"]]);
    await saveResults(db, tournament.id, 1, new Map([[games[0].id, "WHITE_WINS"], [games[1].id, "DRAW"]]));
    const anna = await db.player.findFirstOrThrow({ where: { tournamentId: tournament.id, name: "Anna" } });
    expect(await playerCard(db, tournament, anna)).toEqual({
      rank: 1,
      points: 1,
      rounds: [{ round: 1, board: 1, opponent: "Cleo", colour: "w", kind: "game", points: 1 }],
    });
    const bert = await db.player.findFirstOrThrow({ where: { tournamentId: tournament.id, name: "Bert" } });
    expect(await playerCard(db, tournament, bert)).toMatchObject({ points: 0.5, rounds: [{ opponent: "Dora", colour: "b", board: 2 }] });
  });

  it("PGN export names the event's place and date", async () => {
    const pgn = readPgn(await exportPgn(db, tournament.id, 1));
    expect(tag(pgn.games[0], "Site")).toBe("Berlin");
    expect(tag(pgn.games[0], "Date")).toBe("2026.12.05");
  });

  it("a game imported from a PGN that starts from a FEN keeps its start position, also in the export", async () => {
    const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const text = `[White "Anna"]\n[Black "Cleo"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n1. e4 Kd7 1-0\n`;
    expect(await importRoundGames(db, tournament.id, 1, text)).toEqual({ ok: true, count: 1 });
    const game = await db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 } });
    expect(game.fen).toBe(fen);
    expect(positionOf(game.moves, game.fen).fen()).toBe("8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    const exported = readPgn(await exportPgn(db, tournament.id, 1));
    expect(exported.games[0].fen).toBe(fen);
    expect(exported.games[0].moves.map((m) => m.san)).toEqual(["e4", "Kd7"]);
  });
});
