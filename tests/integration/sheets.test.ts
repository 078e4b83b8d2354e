import { Chess } from "chess.js";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "~/organiser/tournaments.server";
import { drawNextRound } from "~/organiser/rounds.server";
import { completeGame, correctMove, gameReading, pageSummary, saveDecodedGame } from "~/sheets/games.server";
import { createSheetQueue } from "~/sheets/queue.server";
import { keepReviewedBoxes } from "~/sheets/reviewed.server";
import { threadReader, type SheetReader } from "~/sheets/reader.server";
import { assignSheet, setNotation, unlinkSheet, uploadSheets } from "~/sheets/sheets.server";
import { diskStorage } from "~/sheets/storage.server";
import { exportPgn } from "~/organiser/pgnExport.server";
import { roundSheets, type RoundSheet } from "../../worker/synth/round";
import { CLASSES, decodeClasses } from "../../worker/reader/alphabet";
import { CROP_HEIGHT, CROP_WIDTH } from "../../worker/reader/crops";
import { greedyDecode } from "../../worker/reader/ctc";
import { FRAMES, loadRecognizers, recognize } from "../../worker/model/recognizer";
import { organiserDatabase, TOURNAMENT } from "./databases";

/**
 * Score sheets end to end on the module level, on real PostgreSQL and the real reader in its
 * worker thread: upload checks, the durable queue (a restart in the middle of a reading), automatic
 * assignment, verification, correction and completion into a game that the PGN export contains.
 */
let setup: Awaited<ReturnType<typeof organiserDatabase>>;
let folder: string;
let reader: SheetReader;
let sheets: RoundSheet[];
let tournament: { id: number; upgraded: boolean; defaultNotationLanguage: "EN" };
const QUOTA = 50 * 1024 * 1024;

beforeAll(async () => {
  setup = await organiserDatabase("sheets@example.org", "Sheet Open");
  folder = mkdtempSync(path.join(tmpdir(), "kiebitz-sheets-it-"));
  const created = await createTournament(setup.db, setup.event, { ...TOURNAMENT, name: "A" });
  tournament = { id: created.id, upgraded: false, defaultNotationLanguage: "EN" };
  for (let snr = 1; snr <= 6; snr++) await setup.db.player.create({ data: { tournamentId: tournament.id, snr, name: `Player ${snr}`, elo: 2000 - snr * 10 } });
  const row = await setup.db.tournament.findUniqueOrThrow({ where: { id: tournament.id } });
  const drawn = await drawNextRound(setup.db, row, 1);
  if (!drawn.ok) throw new Error("draw");
  // board 1 clearly written, its round and board read surely by the shipped recognizers (another seed's may wait for
  // the organiser); board 2 with its board number left out (it must be verified)
  sheets = await roundSheets({ seed: 20261126, round: 1, boards: 2, blankBoards: [2] });
  reader = threadReader({ kind: "disk", dir: folder });
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await setup?.test.close();
  rmSync(folder, { recursive: true, force: true });
});

const storage = () => diskStorage(folder);
const upload = (photos: { name: string; bytes: Uint8Array }[], quota = QUOTA) => uploadSheets(setup.db, storage(), tournament, photos, { quota });
const storedBytes = async () => Number((await setup.db.tournament.findUniqueOrThrow({ where: { id: tournament.id } })).storage);

describe("uploads", () => {
  it("refuse what is not a JPEG by its bytes, a truncated JPEG and an empty file, storing nothing of them", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).png().toBuffer();
    const photo = sheets[0].photos[0];
    const answer = await upload([
      { name: "sheet.jpg", bytes: png },
      { name: "half.jpg", bytes: photo.subarray(0, Math.floor(photo.length / 2)) },
      { name: "empty.jpg", bytes: new Uint8Array() },
    ]);
    expect(answer).toEqual({ ok: true, report: { stored: 0, duplicates: [], refused: [
      { name: "sheet.jpg", error: "sheets.unsupported" },
      { name: "half.jpg", error: "sheets.corrupt" },
      { name: "empty.jpg", error: "sheets.emptyFile" },
    ] } });
    expect(await setup.db.sheetImageEntry.count()).toBe(0);
    expect(await storedBytes()).toBe(0);
  });

  it("refuse an upload over the quota before anything is written", async () => {
    const answer = await upload([{ name: "a.jpg", bytes: sheets[0].photos[0] }], sheets[0].photos[0].length - 1);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error).toBe("sheets.noStorage");
    expect(await setup.db.sheetImageEntry.count()).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("store each photo once, also when the same photo comes twice at the same moment", async () => {
    const same = { name: sheets[0].name, bytes: sheets[0].photos[0] };
    const [first, second] = await Promise.all([upload([same]), upload([same])]);
    const reports = [first, second].map((answer) => (answer.ok ? answer.report : null));
    expect(reports.map((report) => report!.stored).sort()).toEqual([0, 1]);
    expect(reports.flatMap((report) => report!.duplicates)).toEqual([sheets[0].name]);
    // twice in one upload, and again later
    const next = await upload([{ name: sheets[1].name, bytes: sheets[1].photos[0] }, { name: "copy.jpg", bytes: sheets[1].photos[0] }, { name: "again.jpg", bytes: sheets[0].photos[0] }]);
    expect(next).toEqual({ ok: true, report: { stored: 1, duplicates: ["copy.jpg", "again.jpg"], refused: [] } });
    const rows = await setup.db.sheetImageEntry.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((row) => row.state)).toEqual(["QUEUED", "QUEUED"]);
    expect(await storedBytes()).toBe(sheets[0].photos[0].length + sheets[1].photos[0].length);
  });
});

describe("the reading queue", () => {
  it("picks up a reading cut off by a restart and reads every sheet exactly once", async () => {
    // the first process takes a sheet and stops in the middle of reading it
    const stopped: SheetReader = { scan: () => new Promise(() => {}), decode: async () => null, close: async () => {} };
    const first = createSheetQueue(setup.db, stopped);
    first.start();
    await expect.poll(async () => setup.db.sheetImageEntry.count({ where: { state: "SCANNING" } })).toBe(1);
    // the process is gone (its queue never finishes); a new one starts a moment later
    await new Promise((resolve) => setTimeout(resolve, 20));
    const scans = new Map<string, number>();
    const counting: SheetReader = {
      scan: (input, id) => {
        scans.set(input.handle, (scans.get(input.handle) ?? 0) + 1);
        return reader.scan(input, id);
      },
      decode: (input, id) => reader.decode(input, id),
      close: async () => {},
    };
    const second = createSheetQueue(setup.db, counting);
    second.start();
    await second.idle();
    await second.stop();
    const rows = await setup.db.sheetImageEntry.findMany({ orderBy: { id: "asc" } });
    expect([...scans.values()]).toEqual([1, 1]);
    expect(rows.filter((row) => row.state === "SCANNING")).toEqual([]);
    // board 1: round and board read surely, assigned to its pairing and decoded
    const board1 = rows.find((row) => row.name === sheets[0].name)!;
    expect({ state: board1.state, round: board1.round, board: board1.board, layout: board1.layoutDetectionStatus }).toEqual({ state: "ASSIGNED", round: 1, board: 1, layout: 2 });
    const game1 = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 } });
    expect(board1.gameId).toBe(game1.id);
    expect(gameReading(game1)!.moves).toHaveLength(sheets[0].sans.length);
    expect(game1.decodeRequested).toBeNull();
    // board 2: no board number written, so it waits for the organiser (spec §4 code 11)
    const board2 = rows.find((row) => row.name === sheets[1].name)!;
    expect({ state: board2.state, gameId: board2.gameId, boardStatus: board2.boardDetectionStatus }).toEqual({ state: "UNCONFIRMED", gameId: null, boardStatus: 11 });
  }, 120_000);

  it("verifies a sheet to its pairing, refuses a pairing that does not exist, and decodes the game", async () => {
    const board2 = await setup.db.sheetImageEntry.findFirstOrThrow({ where: { name: sheets[1].name } });
    expect(await assignSheet(setup.db, tournament.id, board2.id, { round: 1, board: 7, colour: "WHITE", page: 1 })).toEqual({ ok: false, error: "sheets.noPairing" });
    expect(await assignSheet(setup.db, tournament.id, board2.id, { round: 1, board: 2, colour: "WHITE", page: 1 })).toEqual({ ok: true });
    const queue = createSheetQueue(setup.db, { ...reader, close: async () => {} });
    queue.start();
    await queue.idle();
    await queue.stop();
    const verified = await setup.db.sheetImageEntry.findUniqueOrThrow({ where: { id: board2.id } });
    expect({ state: verified.state, board: verified.board, boardStatus: verified.boardDetectionStatus, colour: verified.player }).toEqual({ state: "ASSIGNED", board: 2, boardStatus: 5, colour: "WHITE" });
    const game2 = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 2 } });
    expect(gameReading(game2)!.moves).toHaveLength(sheets[1].sans.length);
  }, 120_000);

  it("keeps a corrected move, decodes the rest after it, and completes the game into the PGN export", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 } });
    const truth = sheets[0].sans;
    // the organiser corrects the first move read wrong (the fifth if the first five are right), typed as it stands
    // on the sheet (English notation); the moves before it are kept as read
    const read = gameReading(game)!.moves.map((move) => move.san);
    const wrong = read.findIndex((san, ply) => san !== truth[ply]);
    const ply = wrong >= 0 && wrong < 4 ? wrong : 4;
    expect(await correctMove(setup.db, { reader, storage: storage() }, game, ply, "Zz9")).toMatchObject({ ok: false });
    expect(await correctMove(setup.db, { reader, storage: storage() }, game, ply, truth[ply])).toEqual({ ok: true });
    const corrected = await setup.db.game.findUniqueOrThrow({ where: { id: game.id } });
    const reading = gameReading(corrected)!;
    expect(reading.prefix).toEqual(truth.slice(0, ply + 1));
    expect(reading.moves.slice(0, ply + 1).map((move) => move.san)).toEqual(truth.slice(0, ply + 1));
    expect(reading.moves).toHaveLength(truth.length);
    // the boxes of the confirmed moves and of the correction are kept for training, the correction marked
    const sheet = await setup.db.sheetImageEntry.findFirstOrThrow({ where: { gameId: game.id } });
    const kept = await setup.db.reviewedBox.findMany({ where: { sheetId: sheet.id }, orderBy: { ply: "asc" } });
    expect(kept.map((box) => [box.ply, box.san, box.corrected])).toEqual(truth.slice(0, ply + 1).map((san, i) => [i, san, i === ply && read[ply] !== san]));
    expect(await completeGame(setup.db, storage(), corrected)).toEqual({ ok: true });
    const boxes = await setup.db.reviewedBox.findMany({ where: { sheetId: sheet.id }, orderBy: { ply: "asc" } });
    // every move whose box has writing (a box too faint to count as written has nothing to learn from)
    const written = pageSummary(sheet)!.regions.moves.map((move) => move.ply).filter((ply) => ply < reading.moves.length);
    expect(written.length).toBeGreaterThan(reading.moves.length - 3);
    expect(boxes.map((box) => [box.ply, box.san])).toEqual(written.map((ply) => [ply, reading.moves[ply].san]));
    // with the square each move leaves, for the long algebraic forms its writer may have used (Ng1-f3)
    const board = new Chess();
    const origins = reading.moves.map((move) => board.move(move.san).from);
    expect(boxes.map((box) => box.fromSquare)).toEqual(written.map((ply) => origins[ply]));
    expect(boxes.every((box) => box.notation === "EN" && box.pixels.length === CROP_HEIGHT * CROP_WIDTH)).toBe(true);
    // each kept box is the box of its move: the recognizer reads it as it read the photo
    const { moves: model } = await loadRecognizers();
    const again = await recognize(model, boxes.map((box) => Float32Array.from(box.pixels, (v) => v / 255)));
    const readBefore = new Map(pageSummary(sheet)!.moves.map((move) => [move.ply, move.text]));
    const same = boxes.filter((box, i) => decodeClasses(greedyDecode(again[i], FRAMES, CLASSES)) === readBefore.get(box.ply)).length;
    expect(same / boxes.length).toBeGreaterThan(0.8);
    const stored = await setup.db.game.findUniqueOrThrow({ where: { id: game.id }, include: { sheets: true } });
    expect(stored.moves!.split(" ")).toEqual(reading.moves.map((move) => move.san));
    expect(stored.sheets.map((sheet) => sheet.state)).toEqual(["DONE"]);
    const pgn = await exportPgn(setup.db, tournament.id, 1);
    expect(pgn).toContain(`1. ${truth[0]} ${truth[1]}`);
  }, 120_000);

  it("completes a review whose boxes cannot be kept (page gone from storage, box table refusing), keeping none", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 2 } });
    const moves = gameReading(game)!.moves.map((move) => ({ san: move.san, corrected: false }));
    expect(moves.length).toBeGreaterThan(10);
    const gone = { get: async () => Promise.reject(new Error("no such object")) };
    const refusing = new Proxy(setup.db, {
      get: (db, name) => {
        if (name === "reviewedBox") return { upsert: async () => Promise.reject(new Error("unique constraint failed")) };
        const value = Reflect.get(db, name);
        return typeof value === "function" ? value.bind(db) : value;
      },
    });
    await expect(keepReviewedBoxes(refusing, storage(), game.id, moves)).resolves.toBeUndefined();
    expect(await completeGame(setup.db, gone, game)).toEqual({ ok: true });
    const stored = await setup.db.game.findUniqueOrThrow({ where: { id: game.id }, include: { sheets: true } });
    expect(stored.moves!.split(" ")).toEqual(moves.map((move) => move.san));
    expect(stored.sheets.map((sheet) => sheet.state)).toEqual(["DONE"]);
    expect(await setup.db.reviewedBox.count({ where: { sheet: { gameId: game.id } } })).toBe(0);
  });

  it("labels each kept box with the game's move it shows where its player left a move out (the reading's boxPlies)", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 2 }, include: { sheets: true } });
    const reading = gameReading(game)!;
    const moves = reading.moves.map((move) => ({ san: move.san, corrected: false }));
    const [sheet] = game.sheets;
    const written = pageSummary(sheet)!.regions.moves.map((move) => move.ply);
    // the sheet's player left move 5 out: his boxes from ply 8 on show the game's plies two later; the box of ply 6 is a move written twice
    const boxPlies = { [sheet.id]: written.flatMap((ply): [number, number][] => (ply === 6 ? [[6, -1]] : ply >= 8 ? [[ply, ply + 2]] : [])) };
    await setup.db.reviewedBox.deleteMany({ where: { sheetId: sheet.id } });
    await setup.db.game.update({ where: { id: game.id }, data: { reading: { ...reading, boxPlies } } });
    await keepReviewedBoxes(setup.db, storage(), game.id, moves);
    const kept = await setup.db.reviewedBox.findMany({ where: { sheetId: sheet.id }, orderBy: { ply: "asc" } });
    const shown = (ply: number) => (ply >= 8 ? ply + 2 : ply);
    // the last two boxes show plies past the game's end: none kept
    expect(kept.map((box) => [box.ply, box.san])).toEqual(written.filter((ply) => ply !== 6 && shown(ply) < moves.length).map((ply) => [ply, moves[shown(ply)].san]));
    expect(kept.length).toBeGreaterThan(moves.length - 6);
  });

  it("takes the round and board the arbiter gave with the upload over what the header says (code 5)", async () => {
    const [blank] = await roundSheets({ seed: 777001, round: 1, boards: 1, blankBoards: [1] });
    const answer = await uploadSheets(setup.db, storage(), tournament, [{ name: "given.jpg", bytes: blank.photos[0] }], { quota: QUOTA, given: { round: 1, board: 2 } });
    expect(answer.ok && answer.report.stored).toBe(1);
    const queue = createSheetQueue(setup.db, { ...reader, close: async () => {} });
    queue.start();
    await queue.idle();
    await queue.stop();
    const sheet = await setup.db.sheetImageEntry.findFirstOrThrow({ where: { name: "given.jpg" }, include: { game: true } });
    expect({ state: sheet.state, round: sheet.round, board: sheet.board, boardStatus: sheet.boardDetectionStatus, gameBoard: sheet.game?.board }).toEqual({ state: "ASSIGNED", round: 1, board: 2, boardStatus: 5, gameBoard: 2 });
  }, 120_000);

  it("sends a sheet read surely as a pairing's to it only while the game lacks a player's sheet of that page", async () => {
    // board 1 holds one sheet; two more photos of its game whose headers say round 1, board 1 (read surely)
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 }, include: { sheets: true } });
    expect(game.sheets).toHaveLength(1);
    const photos = await Promise.all([8, 21].map(async (seed) => ({ name: `seed-${seed}.jpg`, bytes: (await roundSheets({ seed, round: 1, boards: 1, sans: sheets[0].sans }))[0].photos[0] })));
    expect((await upload(photos)).ok).toBe(true);
    const queue = createSheetQueue(setup.db, { ...reader, close: async () => {} });
    queue.start();
    await queue.idle();
    await queue.stop();
    const read = await setup.db.sheetImageEntry.findMany({ where: { name: { in: photos.map((photo) => photo.name) } }, orderBy: { id: "asc" } });
    // the first is the game's second sheet; the third, read as the same page of the same game, waits for the organiser
    expect(read.map((sheet) => [sheet.round, sheet.board, sheet.page, sheet.state, sheet.gameId])).toEqual([
      [1, 1, 1, "ASSIGNED", game.id],
      [1, 1, 1, "UNCONFIRMED", null],
    ]);
  }, 120_000);

  it("refuses to assign a sheet by hand where the pairing holds both players' sheets of its page, or its player's", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 }, include: { sheets: { orderBy: { id: "asc" } } } });
    const [first, second] = game.sheets;
    const third = await setup.db.sheetImageEntry.findFirstOrThrow({ where: { name: "seed-21.jpg" } });
    const to = (colour: "WHITE" | "BLACK" | "UNKNOWN") => ({ round: 1, board: 1, colour, page: 1 });
    expect(await assignSheet(setup.db, tournament.id, third.id, to("BLACK"))).toEqual({ ok: false, error: "sheets.pageHoldsBoth" });
    // one of the two taken off; the first named white's
    expect(await unlinkSheet(setup.db, tournament.id, second.id)).toBe(true);
    expect(await assignSheet(setup.db, tournament.id, first.id, to("WHITE"))).toEqual({ ok: true });
    expect(await assignSheet(setup.db, tournament.id, third.id, to("WHITE"))).toEqual({ ok: false, error: "sheets.colourTaken" });
    expect(await setup.db.sheetImageEntry.findUniqueOrThrow({ where: { id: third.id } })).toMatchObject({ gameId: null, state: "UNCONFIRMED" });
    expect(await assignSheet(setup.db, tournament.id, third.id, to("BLACK"))).toEqual({ ok: true });
    const held = await setup.db.sheetImageEntry.findMany({ where: { gameId: game.id }, orderBy: { id: "asc" } });
    expect(held.map((sheet) => [sheet.id, sheet.player, sheet.page])).toEqual([
      [first.id, "WHITE", 1],
      [third.id, "BLACK", 1],
    ]);
  });

  it("sends a sheet of another game back to the organiser, and keeps it where the organiser puts it", async () => {
    // two games' sheets whose headers both say round 1, board 3, read surely, one after the other
    const [[, , first], [, , second]] = await Promise.all([4243, 4245].map((seed) => roundSheets({ seed, round: 1, boards: 3 })));
    expect(first.sans.slice(0, 4)).not.toEqual(second.sans.slice(0, 4));
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 3 } });
    const runQueue = async () => {
      const queue = createSheetQueue(setup.db, { ...reader, close: async () => {} });
      queue.start();
      await queue.idle();
      await queue.stop();
    };
    const sent = { first: "board-3-a.jpg", second: "board-3-b.jpg" };
    for (const [name, sheet] of [[sent.first, first], [sent.second, second]] as const) {
      expect((await upload([{ name, bytes: sheet.photos[0] }])).ok).toBe(true);
      await runQueue();
    }
    const rows = async () => {
      const found = await setup.db.sheetImageEntry.findMany({ where: { name: { in: [sent.first, sent.second] } }, orderBy: { id: "asc" } });
      return found.map((sheet) => ({ board: sheet.board, state: sheet.state, inGame: sheet.gameId === game.id, error: sheet.error }));
    };
    const kept = { board: 3, state: "ASSIGNED", inGame: true, error: null };
    const sentBack = { board: 3, state: "UNCONFIRMED", inGame: false, error: "sheets.otherGame" };
    // one of the two is another game's: it waits for the organiser, saying why, and the game is read from the other
    const after = await rows();
    expect([...after].sort((a, b) => a.state.localeCompare(b.state))).toEqual([kept, sentBack]);
    const [keptSans, sentId] = after[0].inGame ? [first.sans, 1] : [second.sans, 0];
    const moves = async () => gameReading(await setup.db.game.findUniqueOrThrow({ where: { id: game.id } }))!.moves.length;
    expect(await moves()).toBe(keptSans.length);
    // the organiser puts it there all the same: their word stands, the sheet the reader put there goes back instead
    const ids = (await setup.db.sheetImageEntry.findMany({ where: { name: { in: [sent.first, sent.second] } }, orderBy: { id: "asc" } })).map((sheet) => sheet.id);
    expect(await assignSheet(setup.db, tournament.id, ids[sentId], { round: 1, board: 3, colour: "UNKNOWN", page: 1 })).toEqual({ ok: true });
    await runQueue();
    expect(await rows()).toEqual(sentId === 0 ? [kept, sentBack] : [sentBack, kept]);
    expect(await moves()).toBe((sentId === 0 ? first : second).sans.length);
  }, 240_000);

  it("sends back the sheet the reader put in a pairing when a sheet a person put there is found another game's, and decodes again", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 2 }, include: { sheets: { orderBy: { id: "asc" } } } });
    const [byPerson, byReader] = game.sheets;
    // as if the reader had put the second sheet there (its numbers as read), and the game were read from it alone
    await setup.db.sheetImageEntry.update({ where: { id: byReader.id }, data: { roundDetectionStatus: 2, boardDetectionStatus: 2 } });
    const requested = new Date();
    await setup.db.game.update({ where: { id: game.id }, data: { decodeRequested: requested } });
    const readFrom: string[][] = [];
    const deciding: SheetReader = {
      ...reader,
      decode: async (input) => {
        readFrom.push(input.readingKeys);
        return { moves: [], fen: "", logLikelihood: 0, unfamiliarHand: false, leftOut: [0], otherGames: [0] };
      },
    };
    await saveDecodedGame(setup.db, deciding, { gameId: game.id, requested });
    expect(readFrom).toEqual([[pageSummary(byPerson)!.readingKey, pageSummary(byReader)!.readingKey]]);
    expect(await setup.db.sheetImageEntry.findUniqueOrThrow({ where: { id: byReader.id } })).toMatchObject({ state: "UNCONFIRMED", gameId: null, error: "sheets.otherGame" });
    expect(await setup.db.sheetImageEntry.findUniqueOrThrow({ where: { id: byPerson.id } })).toMatchObject({ gameId: game.id });
    // what was read from the sheet sent back is not kept: the game is decoded again from the person's sheet
    const after = await setup.db.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(after.reading).toEqual(game.reading);
    expect(after.decodeRequested).not.toBeNull();
  });

  it("places a sheet whose board is not read in the game whose moves it writes, before or after the other player's sheet", async () => {
    // a tournament of its own: two boards; on each, one sheet with its numbers given and the other player's sheet
    // with its board number left out; a third sheet, of a game nobody played here, with its board left out too
    const created = await createTournament(setup.db, setup.event, { ...TOURNAMENT, name: "By moves" });
    for (let snr = 1; snr <= 4; snr++) await setup.db.player.create({ data: { tournamentId: created.id, snr, name: `Mover ${snr}` } });
    if (!(await drawNextRound(setup.db, await setup.db.tournament.findUniqueOrThrow({ where: { id: created.id } }), 1)).ok) throw new Error("draw");
    const own = { id: created.id, upgraded: false, defaultNotationLanguage: "EN" as const };
    const games = await setup.db.game.findMany({ where: { tournamentId: created.id, round: 1 }, orderBy: { board: "asc" } });
    const [first, second] = await roundSheets({ seed: 660100, round: 1, boards: 2 });
    const [[firstOther], [secondOther], [stranger]] = await Promise.all([
      roundSheets({ seed: 660200, round: 1, boards: 1, blankBoards: [1], sans: first.sans }),
      roundSheets({ seed: 660300, round: 1, boards: 1, blankBoards: [1], sans: second.sans }),
      roundSheets({ seed: 660400, round: 1, boards: 1, blankBoards: [1] }),
    ]);
    const decodes: string[] = [];
    const runQueue = async () => {
      const queue = createSheetQueue(setup.db, { ...reader, decode: (input, id) => (decodes.push(id.replace(/-\d+$/, "")), reader.decode(input, id)), close: async () => {} });
      queue.start();
      await queue.idle();
      await queue.stop();
    };
    const send = async (name: string, sheet: RoundSheet, given?: { round: number; board: number }) => {
      expect((await uploadSheets(setup.db, storage(), own, [{ name, bytes: sheet.photos[0] }], { quota: QUOTA, given })).ok).toBe(true);
      await runQueue();
    };
    const row = (name: string) => setup.db.sheetImageEntry.findFirstOrThrow({ where: { tournamentId: created.id, name } });
    const placed = (sheet: { state: string; gameId: number | null; round: number | null; board: number | null; error: string | null }) => [sheet.state, sheet.gameId, sheet.round, sheet.board, sheet.error];
    // board 1: both sheets at once; the game is read from the given one before the other is read alone (what the
    // organiser waits for first), and the other follows it by its moves
    const both = [{ name: "b1-given.jpg", bytes: first.photos[0] }, { name: "b1-other.jpg", bytes: firstOther.photos[0] }];
    expect((await uploadSheets(setup.db, storage(), own, both, { quota: QUOTA, given: { round: 1, board: 1 } })).ok).toBe(true);
    await setup.db.sheetImageEntry.updateMany({ where: { name: "b1-other.jpg" }, data: { roundDetectionStatus: 0, boardDetectionStatus: 0, round: null, board: null } });
    await runQueue();
    const other = await row("b1-other.jpg");
    const ours = [`game-${games[0].id}`, `sheet-${other.id}-r0-alone`];
    expect(decodes.filter((id) => ours.includes(id)).slice(0, 2)).toEqual(ours);
    expect(placed(other)).toEqual(["ASSIGNED", games[0].id, 1, 1, null]);
    expect((await row("b1-other.jpg")).boardDetectionStatus).toBe(2);
    // board 2: the other player's sheet first (it waits: no game writes its moves yet), then the given one
    await send("b2-other.jpg", secondOther);
    expect(placed(await row("b2-other.jpg"))).toEqual(["UNCONFIRMED", null, 1, null, null]);
    await send("b2-given.jpg", second, { round: 1, board: 2 });
    expect(placed(await row("b2-other.jpg"))).toEqual(["ASSIGNED", games[1].id, 1, 2, null]);
    // both games read from both sheets: as written
    for (const [game, sans] of [[games[0], first.sans], [games[1], second.sans]] as const) {
      const reading = gameReading(await setup.db.game.findUniqueOrThrow({ where: { id: game.id } }))!;
      expect(reading.moves.map((move) => move.san)).toEqual(sans);
    }
    // a game nobody played here waits for the organiser
    await send("stranger.jpg", stranger);
    expect(placed(await row("stranger.jpg"))).toEqual(["UNCONFIRMED", null, 1, null, null]);
  }, 300_000);

  it("reads a sheet written in another notation than it was given in the language it is written in, unless the organiser chose one", async () => {
    // a German player's sheet uploaded to a tournament whose notation is English, its round and board given
    const created = await createTournament(setup.db, setup.event, { ...TOURNAMENT, name: "Languages" });
    for (let snr = 1; snr <= 2; snr++) await setup.db.player.create({ data: { tournamentId: created.id, snr, name: `Writer ${snr}` } });
    if (!(await drawNextRound(setup.db, await setup.db.tournament.findUniqueOrThrow({ where: { id: created.id } }), 1)).ok) throw new Error("draw");
    const own = { id: created.id, upgraded: false, defaultNotationLanguage: "EN" as const };
    const [german] = await roundSheets({ seed: 550100, round: 1, boards: 1, language: "DE" });
    expect((await uploadSheets(setup.db, storage(), own, [{ name: "deutsch.jpg", bytes: german.photos[0] }], { quota: QUOTA, given: { round: 1, board: 1 } })).ok).toBe(true);
    const runQueue = async () => {
      const queue = createSheetQueue(setup.db, { ...reader, close: async () => {} });
      queue.start();
      await queue.idle();
      await queue.stop();
    };
    await runQueue();
    const sheet = await setup.db.sheetImageEntry.findFirstOrThrow({ where: { tournamentId: created.id, name: "deutsch.jpg" } });
    expect([sheet.state, sheet.notation, sheet.notationSource]).toEqual(["ASSIGNED", "DE", "FOUND"]);
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: created.id, round: 1, board: 1 } });
    const reading = gameReading(game)!;
    expect(reading.language).toBe("DE");
    const right = reading.moves.filter((move, ply) => move.san === german.sans[ply]).length;
    expect(right).toBeGreaterThan(0.9 * german.sans.length);
    // the organiser says it is English: it is read in English and stays so
    expect(await setNotation(setup.db, created.id, sheet.id, "EN")).toBe(true);
    await runQueue();
    expect(await setup.db.sheetImageEntry.findUniqueOrThrow({ where: { id: sheet.id } })).toMatchObject({ notation: "EN", notationSource: "CHOSEN" });
    expect(gameReading(await setup.db.game.findUniqueOrThrow({ where: { id: game.id } }))!.language).toBe("EN");
  }, 300_000);

  it("gives up a decoding that fails (the reader reached), so that it does not keep every other game waiting", async () => {
    const game = await setup.db.game.findFirstOrThrow({ where: { tournamentId: tournament.id, round: 1, board: 1 } });
    await setup.db.game.update({ where: { id: game.id }, data: { decodeRequested: new Date(0) } });
    const queue = createSheetQueue(setup.db, { ...reader, decode: async () => Promise.reject(new Error("a reading that cannot be decoded")), close: async () => {} });
    queue.start();
    // before: the oldest request failed and was claimed again at once, for ever (the queue never idle)
    await queue.idle();
    await queue.stop();
    expect((await setup.db.game.findUniqueOrThrow({ where: { id: game.id } })).decodeRequested).toBeNull();
  }, 60_000);
});
