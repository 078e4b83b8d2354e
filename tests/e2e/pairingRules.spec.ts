import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn, sql, unique } from "./support";

/**
 * The pairing-rules page of a Swiss tournament (issue 18): Baku acceleration, players who must not
 * meet and announced byes, set by the organiser and followed when the round is drawn; English with
 * JavaScript, German without; usable on a 390 px phone.
 */
const PASSWORD = "Rules-Pass-1";

async function tournament(email: string) {
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Rules Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $2) RETURNING id`, [user.id, name]);
  const [row] = await sql<{ id: number }>(`INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, last_updated) VALUES ($1, 'Family Open', $2, 'Family-Open', 5, now()) RETURNING id`, [user.id, event.id]);
  for (let snr = 1; snr <= 8; snr++) {
    await sql(`INSERT INTO player (tournament_id, snr, name, elo, active) VALUES ($1, $2, $3, $4, true)`, [row.id, snr, `Player ${snr}`, 2400 - 50 * snr]);
  }
  return { gid: event.id, tid: row.id };
}

const choose = (page: Page, label: string, text: string) => page.getByLabel(label, { exact: true }).selectOption({ label: text });

test("the organiser sets acceleration, a forbidden pair and a bye, and round 1 follows them", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD, prefix);
  const { gid, tid } = await tournament(email);
  await page.goto(`${prefix}/webapp/tournament/${gid}/${tid}?tab=participants`);
  await page.getByRole("link", { name: t.pairingRules.heading }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.pairingRules.heading);

  await page.getByLabel(t.pairingRules.acceleration, { exact: true }).selectOption("BAKU");
  await page.getByRole("button", { name: t.tournaments.saveSettings }).click();
  await expect(page.getByText(t.notice.changesSaved)).toBeVisible();
  await expect(page.getByLabel(t.pairingRules.acceleration, { exact: true })).toHaveValue("BAKU");

  // the same player twice is refused (in the browser with JavaScript, by the server without)
  await choose(page, t.pairingRules.firstPlayer, "1. Player 1");
  await choose(page, t.pairingRules.secondPlayer, "1. Player 1");
  await page.getByRole("button", { name: t.pairingRules.forbid }).click();
  await expect(page.getByText(t.pairingRules.samePlayer)).toBeVisible();
  await choose(page, t.pairingRules.firstPlayer, "1. Player 1");
  await choose(page, t.pairingRules.secondPlayer, "5. Player 5");
  await page.getByRole("button", { name: t.pairingRules.forbid }).click();
  await expect(page.locator(".rule-list li").filter({ hasText: "1. Player 1 – 5. Player 5" })).toBeVisible();
  await choose(page, t.pairingRules.firstPlayer, "5. Player 5");
  await choose(page, t.pairingRules.secondPlayer, "1. Player 1");
  await page.getByRole("button", { name: t.pairingRules.forbid }).click();
  await expect(page.getByText(t.pairingRules.pairExists)).toBeVisible();

  await choose(page, t.pairingRules.player, "8. Player 8");
  await page.getByLabel(t.pairingRules.round, { exact: true }).fill("1");
  await page.getByLabel(t.pairingRules.kind, { exact: true }).selectOption("HALF_POINT");
  await page.getByRole("button", { name: t.pairingRules.announce }).click();
  const byeRow = page.locator(".rule-list li").filter({ hasText: "8. Player 8" });
  await expect(byeRow).toContainText(t.pairingRules.kinds.HALF_POINT);

  // round 1: 8 is away (7 players, a PAB), 1 does not meet 5 (Baku would pair 1–3, 2–4 in the top half)
  await page.goto(`${prefix}/webapp/tournament/${gid}/${tid}`);
  await page.getByRole("button", { name: t.rounds.draw.replace("{{round}}", "1") }).click();
  await expect(page).toHaveURL(new RegExp(`/webapp/round/${gid}/${tid}/1`));
  const boards = await sql<{ white: number; black: number | null }>(
    `SELECT w.snr AS white, b.snr AS black FROM game g JOIN player w ON w.id = g.white_id LEFT JOIN player b ON b.id = g.black_id WHERE g.tournament_id = $1 ORDER BY g.board`,
    [tid],
  );
  expect(boards.flatMap((b) => [b.white, b.black])).not.toContain(8);
  expect(boards.some((b) => [b.white, b.black].includes(1) && [b.white, b.black].includes(5))).toBe(false);
  expect(boards.filter((b) => b.black === null)).toHaveLength(1);

  // the round page explains the pairing board by board (the 1–5 rule shows where 1 was offered 5)
  await page.getByRole("link", { name: t.explain.link }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.explain.heading.replace("{{round}}", "1"));
  await expect(page.locator(".explained-board")).toHaveCount(3);
  await expect(page.locator(".explained-board h2").first()).toContainText(t.explain.board.replace("{{board}}", "1"));
  await expect(page.locator(".explained-board .reason")).toHaveCount(3);

  // after the draw: the acceleration is locked and the bye of round 1 stays
  await page.goto(`${prefix}/webapp/tournament/pairingRules/${gid}/${tid}`);
  await expect(page.getByText(t.pairingRules.accelerationLocked)).toBeVisible();
  await expect(byeRow.getByRole("button", { name: t.pairingRules.remove })).toHaveCount(0);
  await choose(page, t.pairingRules.player, "2. Player 2");
  await page.getByLabel(t.pairingRules.round, { exact: true }).fill("1");
  await page.getByRole("button", { name: t.pairingRules.announce }).click();
  await expect(page.getByText(t.pairingRules.roundDrawn)).toBeVisible();
});

test("the pairing-rules page fits a phone", async ({ page }) => {
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD);
  const { gid, tid } = await tournament(email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/webapp/tournament/pairingRules/${gid}/${tid}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pairingRules.heading);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto(`/webapp/tournament/${gid}/${tid}`);
  await page.getByRole("button", { name: en.rounds.draw.replace("{{round}}", "1") }).click();
  await expect(page).toHaveURL(new RegExp(`/webapp/round/${gid}/${tid}/1`));
  await page.goto(`/webapp/explain/${gid}/${tid}/1`);
  // round 1 of 8 players: one group, S1 against S2, nothing to explain beyond the order and the drawn colour
  await expect(page.locator(".explained-board")).toHaveCount(4);
  await expect(page.locator(".explained-board .reason")).toHaveText(Array(4).fill(en.explain.natural));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("explain-phone.png"), fullPage: true });
});
