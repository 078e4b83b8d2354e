import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { roundSheets, type RoundSheet } from "../../worker/synth/round";
import { createUser, signIn, sql, unique } from "./support";

/**
 * Score sheets as an organiser uses them (issue 13): a round's photos uploaded from the
 * tournament's drawer, read by the reader in the app's process, one sheet without a board number
 * verified by hand, a misread move corrected, the game completed and found in the game view and
 * the PGN export; bad files and a full quota refused with their messages. With JavaScript in
 * English, without it in German; and the screens fit a 390 px phone.
 */
const PASSWORD = "Sheets-Pass-1";
let sheets: RoundSheet[];
let folder: string;

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "kiebitz-e2e-sheets-"));
  // the photos of tests/integration/sheets.test.ts: board 1's numbers are read surely, board 2 has none
  sheets = await roundSheets({ seed: 20261126, round: 1, boards: 2, blankBoards: [2] });
  sheets.forEach((sheet) => writeFileSync(path.join(folder, sheet.name), sheet.photos[0]));
  const photo = sheets[0].photos[0];
  writeFileSync(path.join(folder, "screenshot.jpg"), await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).png().toBuffer());
  writeFileSync(path.join(folder, "cut-off.jpg"), photo.subarray(0, Math.floor(photo.length * 0.6)));
  writeFileSync(path.join(folder, "empty.jpg"), "");
});

/** A tournament of four players with round 1 drawn (boards 1 and 2), owned by a fresh organiser. */
async function tournamentWithRound(email: string) {
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Sheet Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $2) RETURNING id`, [user.id, name]);
  const [tournament] = await sql<{ id: number }>(
    `INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, last_updated) VALUES ($1, 'A', $2, 'A', 5, now()) RETURNING id`,
    [user.id, event.id],
  );
  const players = await sql<{ id: number }>(
    `INSERT INTO player (tournament_id, snr, name, elo) SELECT $1, n, 'Player ' || n, 2100 - n FROM generate_series(1, 4) n RETURNING id`,
    [tournament.id],
  );
  const [round] = await sql<{ id: number }>(`INSERT INTO round (tournament_id, round, state) VALUES ($1, 1, 'IN_PROGRESS') RETURNING id`, [tournament.id]);
  for (const board of [1, 2]) {
    await sql(`INSERT INTO game (tournament_id, round_id, round, board, white_id, black_id) VALUES ($1, $2, 1, $3, $4, $5)`, [
      tournament.id, round.id, board, players[board - 1].id, players[4 - board].id,
    ]);
  }
  return { gid: event.id, tid: tournament.id };
}

/** Signed in as a fresh organiser (English with JavaScript, German without), with round 1 of a tournament drawn. */
async function signedInWithRound(page: Page, javaScriptEnabled: boolean) {
  const texts = javaScriptEnabled ? en : (de as unknown as typeof en);
  const prefix = javaScriptEnabled ? "" : "/de";
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD, prefix);
  return { texts, prefix, ...(await tournamentWithRound(email)) };
}

const files = (...names: string[]) => names.map((name) => path.join(folder, name));

async function upload(page: Page, texts: typeof en, names: string[]) {
  await page.getByLabel(texts.sheets.photos).setInputFiles(files(...names));
  await page.getByLabel(texts.sheets.consent).check();
  await page.getByRole("button", { name: texts.sheets.upload }).click();
}

/** The sheet list until no sheet is being read (without JavaScript by the refresh link, with it by itself). */
async function waitForReading(page: Page, texts: typeof en, url: string) {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return page.locator('[data-state="QUEUED"], [data-state="SCANNING"], [data-state="UPLOADED"], [data-state="PROCESSED"]').count();
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(0);
  await expect(page.getByText(texts.sheets.reading_other)).toHaveCount(0);
}

test("a round's photos uploaded from the drawer, read, verified, corrected and completed into the game and the PGN", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  const list = `${prefix}/webapp/sheets/${gid}/${tid}`;

  // upload from the tournament page's drawer; consent is required
  await page.goto(`${prefix}/webapp/tournament/${gid}/${tid}`);
  await page.getByText(`${texts.sheets.drawer} (0)`).click();
  await page.getByLabel(texts.sheets.photos).setInputFiles(files(sheets[0].name));
  await page.getByRole("button", { name: texts.sheets.upload }).click();
  await expect(page.getByText(texts.sheets.consentRequired)).toBeVisible();
  expect(await sql(`SELECT id FROM sheet_image_entry WHERE tournament_id = $1`, [tid])).toHaveLength(0);
  await upload(page, texts, sheets.map((sheet) => sheet.name));
  if (javaScriptEnabled) {
    await expect(page.locator(".upload-progress li")).toHaveCount(2);
    await expect(page.locator(".upload-progress").getByText(texts.sheets.stored)).toHaveCount(2);
  } else {
    await expect(page.getByText(texts.sheets.storedCount_other.replace("{{count}}", "2"))).toBeVisible();
  }

  // read in the app's process: board 1 goes to its pairing, board 2 (no board number) waits
  await waitForReading(page, texts, list);
  await expect(page.locator('[data-state="ASSIGNED"]')).toHaveCount(1);
  const pending = page.locator('[data-state="UNCONFIRMED"]');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByText(sheets[1].name)).toBeVisible();

  // the same photo again is recognised, not stored twice
  await upload(page, texts, [sheets[0].name]);
  if (javaScriptEnabled) await expect(page.locator(".upload-progress").getByText(texts.sheets.duplicate)).toBeVisible();
  else await expect(page.getByText(texts.sheets.duplicateOf.replace("{{name}}", sheets[0].name))).toBeVisible();
  expect(await sql(`SELECT id FROM sheet_image_entry WHERE tournament_id = $1`, [tid])).toHaveLength(2);

  // verify: board 2 by hand; a board without a pairing is refused
  await page.getByRole("link", { name: texts.sheets.verifyCount_one.replace("{{count}}", "1") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.sheets.verifyTitle);
  await expect(page.locator(".header-crops dd").nth(1)).toContainText(texts.sheets.notRead);
  await page.getByLabel(texts.rounds.round, { exact: true }).fill("1");
  await page.getByLabel(texts.sheets.board, { exact: true }).fill("9");
  await page.getByRole("button", { name: texts.sheets.assign, exact: true }).click();
  await expect(page.getByText(texts.sheets.noPairing)).toBeVisible();
  await page.getByLabel(texts.sheets.board, { exact: true }).fill("2");
  await page.getByLabel(texts.sheets.colour).selectOption("WHITE");
  await page.getByRole("button", { name: texts.sheets.assign, exact: true }).click();
  await expect(page.locator(".notice")).toHaveText(texts.notice.sheetAssigned);
  await expect(page.getByText(texts.sheets.nothingToVerify)).toBeVisible();

  // the game of board 1: moves read from the sheet, next to their boxes
  const game = `${prefix}/webapp/game/${gid}/${tid}/1/1`;
  const truth = sheets[0].sans;
  await expect
    .poll(async () => {
      await page.goto(game);
      return page.locator(".review-moves li").count();
    }, { timeout: 30_000 })
    .toBe(truth.length);
  await expect(page.locator(".review-moves li").first().locator("img")).toHaveCount(1);
  // a reading where the reader found the sheet's player left a move out (its later boxes stand a row early, aligned
  // with the other player's sheet) says before which row, and shows beside each later move the box that holds it
  await expect(page.getByRole("note")).toHaveCount(0);
  const [{ id: sheetId, player }] = await sql<{ id: number; player: "WHITE" | "BLACK" | "UNKNOWN" }>(`SELECT id, player FROM sheet_image_entry WHERE tournament_id = $1 AND board = 1`, [tid]);
  const shifted = JSON.stringify({ [sheetId]: Array.from({ length: truth.length - 10 }, (_, i) => [8 + i, 10 + i]) });
  await sql(`UPDATE game SET reading = jsonb_set(reading::jsonb, '{boxPlies}', $2::jsonb) WHERE tournament_id = $1 AND round = 1 AND board = 1`, [tid, shifted]);
  await page.goto(game);
  await expect(page.getByRole("note")).toHaveText(texts.sheets.review.leftOut.replace("{{sheet}}", texts.sheets.colours[player]).replaceAll("{{row}}", "5"));
  await expect(page.locator("#ply-10 .crop")).toHaveAttribute("href", new RegExp(`/image/${sheetId}/m8$`));
  await expect(page.locator("#ply-8 .crop")).toHaveCount(0);
  await sql(`UPDATE game SET reading = reading::jsonb - 'boxPlies' WHERE tournament_id = $1 AND round = 1 AND board = 1`, [tid]);
  // a reading whose hand the reader did not know says so above its moves (all of them flagged)
  await expect(page.getByText(texts.sheets.review.unfamiliarHand)).toHaveCount(0);
  await sql(`UPDATE game SET reading = jsonb_set(reading::jsonb, '{unfamiliarHand}', 'true') WHERE tournament_id = $1 AND round = 1 AND board = 1`, [tid]);
  await page.goto(game);
  await expect(page.getByRole("note")).toHaveText(texts.sheets.review.unfamiliarHand);
  const read = await page.locator(".review-moves input[name=move]").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  // correct the first move read wrong (or, if all are right, confirm the first flagged one)
  const flagged = await page.locator(".review-moves li").evaluateAll((rows) => rows.map((row) => row.classList.contains("flagged")));
  const wrong = read.findIndex((text, ply) => text !== truth[ply]);
  const ply = wrong >= 0 ? wrong : Math.max(0, flagged.indexOf(true));
  const row = page.locator(`#ply-${ply}`);
  await row.locator("input[name=move]").fill("Ke9");
  await row.getByRole("button", { name: texts.sheets.review.correct }).click();
  await expect(page.locator(`#ply-${ply} .form-error`)).toBeVisible();
  await page.locator(`#ply-${ply} input[name=move]`).fill(truth[ply]);
  await page.locator(`#ply-${ply}`).getByRole("button", { name: texts.sheets.review.correct }).click();
  await expect(page.locator(".notice")).toHaveText(texts.notice.moveCorrected);
  await expect(page.locator(`#ply-${ply} input[name=move]`)).toHaveValue(truth[ply]);
  await expect(page.locator(`#ply-${ply}`)).not.toHaveClass(/flagged/);

  // complete: the game's moves are stored, the sheet is done, the PGN has them
  await page.getByRole("button", { name: texts.sheets.review.complete, exact: true }).click();
  await expect(page.locator(".notice")).toHaveText(texts.notice.gameCompleted);
  await expect(page.locator(".moves li").first()).toContainText(truth[0]);
  expect(await sql(`SELECT state FROM sheet_image_entry WHERE tournament_id = $1 AND board = 1`, [tid])).toEqual([{ state: "DONE" }]);
  const pgn = await (await page.request.get(`/webapp/pgn/${gid}/${tid}/1`)).text();
  expect(pgn).toContain(`1. ${truth[0]} ${truth[1]}`);

  // a sheet the reader found written in another notation than it was given says so in the review and the sheet list
  await expect(page.getByText(texts.sheets.review.notationFound)).toHaveCount(0);
  await sql(`UPDATE sheet_image_entry SET notation_source = 'FOUND' WHERE tournament_id = $1 AND board = 1`, [tid]);
  await page.goto(game);
  await expect(page.getByRole("note")).toHaveText(texts.sheets.review.notationFound);
  await expect(page.locator(".review-sheets li")).toContainText(texts.sheets.review.sheetNotationFound.replace("{{notation}}", texts.notations.EN));
  await page.goto(list);
  const found = page.locator('[data-state="DONE"]');
  await expect(found.getByText(texts.sheets.notationFound)).toBeVisible();
  // the organiser's choice is the sheet's notation from now on: the reader never reads it in another
  await found.getByLabel(texts.tournaments.notation).selectOption("EN");
  await found.getByRole("button", { name: texts.sheets.changeNotation }).click();
  await expect(page.getByText(texts.sheets.notationFound)).toHaveCount(0);
  expect(await sql(`SELECT notation, notation_source FROM sheet_image_entry WHERE tournament_id = $1 AND board = 1`, [tid])).toEqual([{ notation: "EN", notation_source: "CHOSEN" }]);
  await page.goto(game);
  await expect(page.locator(".review-sheets li")).toContainText(texts.sheets.review.sheetNotation.replace("{{notation}}", texts.notations.EN));
});

test("bad files and a full quota are refused with their messages and nothing is stored", async ({ page, javaScriptEnabled }) => {
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}`);
  for (const [name, message] of [
    ["screenshot.jpg", texts.sheets.unsupported],
    ["cut-off.jpg", texts.sheets.corrupt],
    ["empty.jpg", texts.sheets.emptyFile],
  ] as const) {
    await upload(page, texts, [name]);
    await expect(page.getByText(message)).toBeVisible();
    if (!javaScriptEnabled) await expect(page.getByText(`${name}: ${message}`)).toBeVisible();
  }
  // the tournament's storage is nearly full (200 MB by default)
  await sql(`UPDATE tournament SET storage = $2 WHERE id = $1`, [tid, 200 * 1024 * 1024 - 1000]);
  await upload(page, texts, [sheets[0].name]);
  await expect(page.getByText(texts.sheets.noStorage)).toBeVisible();
  expect(await sql(`SELECT id FROM sheet_image_entry WHERE tournament_id = $1`, [tid])).toHaveLength(0);
  expect(await sql(`SELECT storage FROM tournament WHERE id = $1`, [tid])).toEqual([{ storage: String(200 * 1024 * 1024 - 1000) }]);
});

test("photos over an upload's 64 MB: without JavaScript a page says how much the form takes and leads back to it; with it each photo goes alone", async ({ page, javaScriptEnabled }) => {
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  // five photos of 13.5 MB: each within a photo's 16 MB, together over an upload's 64 MB (not JPEGs: no upload reads them)
  const names = [1, 2, 3, 4, 5].map((n) => `big-${n}.jpg`);
  for (const name of names) writeFileSync(path.join(folder, name), Buffer.alloc(13.5 * 1024 * 1024, 7));
  const list = `${prefix}/webapp/sheets/${gid}/${tid}`;
  await page.goto(list);
  await upload(page, texts, names);
  if (javaScriptEnabled) {
    for (const name of names) await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText(texts.sheets.unsupported)).toHaveCount(5);
  } else {
    await expect(page.getByRole("heading", { name: texts.error.tooLargeTitle })).toBeVisible();
    await expect(page.getByText(texts.error.tooLarge.replace("{{size}}", "64 MB"))).toBeVisible();
    await page.getByRole("link", { name: texts.error.backToForm }).click();
    await expect(page).toHaveURL(new RegExp(`${list}$`));
    await expect(page.getByLabel(texts.sheets.photos)).toBeVisible();
  }
  expect(await sql(`SELECT id FROM sheet_image_entry WHERE tournament_id = $1`, [tid])).toHaveLength(0);
});

test("the verify page says so beside a sheet whose numbers name a pairing that holds both players' sheets of its page, and refuses it there", async ({ page, javaScriptEnabled }) => {
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  const [game] = await sql<{ id: number }>(`SELECT id FROM game WHERE tournament_id = $1 AND board = 1`, [tid]);
  const sheet = (name: string, state: string, gameId: number | null) =>
    sql(`INSERT INTO sheet_image_entry (tournament_id, handle, name, file_size, state, round, board, page, game_id) VALUES ($1, $2, $3, 10, $4, 1, 1, 1, $5)`, [tid, `t${tid}/${name}`, name, state, gameId]);
  await sheet("white.jpg", "ASSIGNED", game.id);
  await sheet("third.jpg", "UNCONFIRMED", null);
  const hint = texts.sheets.pairingFull.replace("{{round}}", "1").replace("{{board}}", "1").replace("{{page}}", "1");
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}/verify`);
  await expect(page.getByRole("heading", { name: "third.jpg" })).toBeVisible();
  await expect(page.getByText(hint)).toHaveCount(0);
  // black's sheet of page 1 too: the third is one too many
  await sheet("black.jpg", "ASSIGNED", game.id);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}/verify`);
  await expect(page.getByText(hint)).toBeVisible();
  // assigned there anyway, it is refused and stays to be verified
  await page.getByRole("button", { name: texts.sheets.assign, exact: true }).click();
  await expect(page.getByText(texts.sheets.pageHoldsBoth)).toBeVisible();
  expect(await sql(`SELECT state, game_id FROM sheet_image_entry WHERE tournament_id = $1 AND name = 'third.jpg'`, [tid])).toEqual([{ state: "UNCONFIRMED", game_id: null }]);
});

test("a sheet sent back as another game's says why until the organiser assigns it", async ({ page, javaScriptEnabled }) => {
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  await sql(`INSERT INTO sheet_image_entry (tournament_id, handle, name, file_size, state, round, board, page, error) VALUES ($1, $2, 'other.jpg', 10, 'UNCONFIRMED', 1, 2, 1, 'sheets.otherGame')`, [tid, `t${tid}/other.jpg`]);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}`);
  await expect(page.getByText(texts.sheets.otherGame)).toBeVisible();
  // no reading failed: its header is read again, not 'tried again'
  await expect(page.getByRole("button", { name: texts.sheets.detectAgain })).toBeVisible();
  await expect(page.getByRole("button", { name: texts.sheets.retry })).toHaveCount(0);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}/verify`);
  await expect(page.getByText(texts.sheets.otherGame)).toBeVisible();
  // the organiser looked and puts it where its header says: the message goes with it
  await page.getByRole("button", { name: texts.sheets.assign, exact: true }).click();
  await expect(page.getByText(texts.sheets.nothingToVerify)).toBeVisible();
  expect(await sql(`SELECT s.state, s.error, g.board FROM sheet_image_entry s JOIN game g ON g.id = s.game_id WHERE s.tournament_id = $1`, [tid])).toEqual([{ state: "ASSIGNED", error: null, board: 2 }]);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}`);
  await expect(page.getByText(texts.sheets.otherGame)).toHaveCount(0);
});

test("the verify page names the game whose moves a waiting sheet writes, and offers its pairing", async ({ page, javaScriptEnabled }) => {
  const { texts, prefix, gid, tid } = await signedInWithRound(page, javaScriptEnabled);
  const moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"];
  // board 2's game read from one sheet; a sheet whose board was not read, its moves read alone the same
  await sql(`UPDATE game SET reading = $2 WHERE tournament_id = $1 AND board = 2`, [tid, JSON.stringify({ moves: moves.map((san) => ({ san, confidence: 1, flagged: false })), prefix: [], language: "EN", result: null })]);
  const reading = { pageKey: null, round: { value: 1, confidence: 0.6, status: 2 }, board: { value: null, confidence: 0, status: 11 }, regions: { round: null, board: null, result: null, moves: [] }, movesAlone: moves };
  await sql(`INSERT INTO sheet_image_entry (tournament_id, handle, name, file_size, state, round, page, round_detection_status, board_detection_status, reading) VALUES ($1, $2, 'follows.jpg', 10, 'UNCONFIRMED', 1, 1, 2, 11, $3)`, [tid, `t${tid}/follows.jpg`, JSON.stringify(reading)]);
  await page.goto(`${prefix}/webapp/sheets/${gid}/${tid}/verify`);
  await expect(page.getByText(texts.sheets.writesGame.replace("{{round}}", "1").replace("{{board}}", "2"))).toBeVisible();
  await expect(page.getByLabel(texts.sheets.board, { exact: true })).toHaveValue("2");
  await page.getByRole("button", { name: texts.sheets.assign, exact: true }).click();
  await expect(page.getByText(texts.sheets.nothingToVerify)).toBeVisible();
  expect(await sql(`SELECT s.state, g.board FROM sheet_image_entry s JOIN game g ON g.id = s.game_id WHERE s.tournament_id = $1`, [tid])).toEqual([{ state: "ASSIGNED", board: 2 }]);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the sheet list, verification and upload fit the screen", async ({ page }) => {
    const email = await createUser("User", PASSWORD);
    await signIn(page, email, PASSWORD);
    const { gid, tid } = await tournamentWithRound(email);
    await sql(
      `INSERT INTO sheet_image_entry (tournament_id, handle, name, file_size, state, round, error) VALUES ($1, $2, 'a-very-long-photo-name-from-a-phone-camera-20261124.jpg', 10, 'UNCONFIRMED', 1, 'sheets.noHeader')`,
      [tid, `t${tid}/phone.jpg`],
    );
    for (const url of [`/webapp/sheets/${gid}/${tid}`, `/webapp/sheets/${gid}/${tid}/verify`, `/webapp/tournament/${gid}/${tid}`]) {
      await page.goto(url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
    await expect(page.locator("summary", { hasText: en.sheets.drawer })).toBeVisible();
  });
});
