import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { roundSheets } from "../../worker/synth/round";
import { createUser, signIn, sql, unique } from "./support";

/**
 * The Linked Devices tab and the connect page (issue 15): connection codes with expiry and QR code,
 * at most three active, the connect page telling a valid code from an invalid one, in English and German.
 */
const PASSWORD = "Devices-Pass-1";

async function tournament(email: string) {
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Device Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $2) RETURNING id`, [user.id, name]);
  const [row] = await sql<{ id: number }>(`INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, last_updated) VALUES ($1, 'Open A', $2, 'Open-A', 5, now()) RETURNING id`, [user.id, event.id]);
  return { gid: event.id, tid: row.id };
}

/** A signed-in organiser with a tournament and a connection code made on its Linked Devices tab. */
async function organiserWithCode(page: Page) {
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD);
  const { gid, tid } = await tournament(email);
  await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
  await page.getByRole("button", { name: en.devices.createCode }).click();
  const code = (await page.locator("code.connection-code").first().textContent())!;
  return { gid, tid, code };
}

test("connection codes are made in the Linked Devices tab, shown with expiry and QR code, three at most", async ({ page }) => {
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD);
  const { gid, tid } = await tournament(email);
  await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
  await expect(page.getByText(en.devices.noCodes)).toBeVisible();
  for (let i = 1; i <= 3; i++) {
    await page.getByRole("button", { name: en.devices.createCode }).click();
    await expect(page.locator("code.connection-code")).toHaveCount(i);
  }
  const code = (await page.locator("code.connection-code").first().textContent())!;
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  await page.getByText(en.devices.showQr).first().click();
  await expect(page.locator(".qr svg").first()).toBeVisible();
  await expect(page.getByText(`/connect/${code}`)).toBeVisible();
  await page.getByRole("button", { name: en.devices.createCode }).click();
  await expect(page.getByText(en.devices.tooManyCodes)).toBeVisible();
  await expect(page.locator("code.connection-code")).toHaveCount(3);

  // the connect page says for which tournament a code is good, and what is wrong with another
  await page.goto(`/connect/${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.connect.title);
  await expect(page.getByText(/This code links a device to Open A until/)).toBeVisible();
  await page.getByLabel(en.connect.code).fill("ZZZZ-ZZZZ");
  await page.getByRole("button", { name: en.connect.check }).click();
  await expect(page.getByText(en.devices.codeInvalid)).toBeVisible();
  await page.goto(`/de/connect/ABCDEFGH`);
  await expect(page.getByText(de.devices.codeInvalid)).toBeVisible();
  await expect(page.getByText(de.connect.ios)).toBeVisible();

  // a deleted code no longer counts
  await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
  await page.getByRole("button", { name: en.devices.deleteCode }).first().click();
  await expect(page.locator("code.connection-code")).toHaveCount(2);
});

test("a phone links itself on the connect page and sends photographed sheets from the scanning web app", async ({ page, browser, javaScriptEnabled }) => {
  const { gid, tid, code } = await organiserWithCode(page);
  const folder = mkdtempSync(path.join(tmpdir(), "kiebitz-e2e-scan-"));
  const [sheet] = await roundSheets({ seed: 11, round: 1, boards: 1 });
  writeFileSync(path.join(folder, "board-1.jpg"), sheet.photos[0]);

  // the arbiter's phone: not signed in, German interface
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
  const arbiter = await phone.newPage();
  await arbiter.goto(`/de/scan`);
  await expect(arbiter.getByText(de.scan.notLinked)).toBeVisible();
  await arbiter.goto(`/de/connect/${code}`);
  await arbiter.getByLabel(de.scan.name).fill("Saal 2");
  await arbiter.getByRole("button", { name: de.scan.connect }).click();
  await expect(arbiter.getByRole("heading", { level: 2 })).toHaveText("Open A");
  await expect(arbiter.getByText(de.scan.device.replace("{{name}}", "Saal 2"))).toBeVisible();
  await arbiter.getByLabel(de.sheets.photos).setInputFiles(path.join(folder, "board-1.jpg"));
  await arbiter.getByLabel(de.sheets.consent).check();
  await arbiter.getByRole("button", { name: de.sheets.upload }).click();
  await expect(arbiter.locator(".scan-sheets li").getByText("board-1.jpg")).toBeVisible();
  expect(await arbiter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the same code cannot link a second phone
  await arbiter.goto(`/de/connect/${code}`);
  await expect(arbiter.getByText(de.devices.codeUsed)).toBeVisible();

  // the organiser sees the phone and its sheet
  await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
  await expect(page.getByRole("cell", { name: "Saal 2" })).toBeVisible();
  await page.goto(`/webapp/sheets/${gid}/${tid}`);
  await expect(page.getByText("board-1.jpg")).toBeVisible();
  // removing the device ends the phone's access
  await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
  await page.getByRole("button", { name: en.devices.remove }).click();
  await expect(page.getByText(en.devices.empty)).toBeVisible();
  await arbiter.goto(`/de/scan`);
  await expect(arbiter.getByText(de.scan.notLinked)).toBeVisible();
  await phone.close();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the devices tab and the connect page fit the screen", async ({ page }) => {
    const email = await createUser("User", PASSWORD);
    await signIn(page, email, PASSWORD);
    const { gid, tid } = await tournament(email);
    await page.goto(`/webapp/tournament/${gid}/${tid}?tab=devices`);
    await page.getByRole("button", { name: en.devices.createCode }).click();
    await expect(page.locator("code.connection-code")).toHaveCount(1);
    for (const url of [`/webapp/tournament/${gid}/${tid}?tab=devices`, "/connect", "/de/connect"]) {
      await page.goto(url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
  });
});

test("a view code opens a private tournament to whoever holds it, until the organiser revokes it", async ({ page, browser, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD, prefix);
  const { gid, tid } = await tournament(email);
  await page.goto(`${prefix}/webapp/tournament/${gid}/${tid}?tab=devices`);
  await expect(page.getByText(t.viewCodes.none)).toBeVisible();
  await page.getByLabel(t.viewCodes.type).selectOption("GAMES");
  await page.getByRole("button", { name: t.viewCodes.create }).click();
  const item = page.locator("ul.view-codes li");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(t.viewCodes.types.GAMES);
  const code = (await item.locator("code").innerText()).trim();

  const visitor = await browser.newPage();
  await visitor.goto(`${prefix}/view`);
  await visitor.getByLabel(t.viewCodes.code).fill(code.toLowerCase());
  await visitor.getByRole("button", { name: t.viewCodes.open }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Open A");
  await expect(visitor.getByText(t.public.gamesHidden)).toHaveCount(0);

  await page.getByRole("button", { name: t.viewCodes.revoke }).click();
  await expect(page.getByText(t.viewCodes.none)).toBeVisible();
  expect((await visitor.reload())?.status()).toBe(404);
  await visitor.close();
});

test("a photo taken without a connection waits on the phone and arrives once when the connection returns", async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the outbox needs JavaScript");
  const { tid, code } = await organiserWithCode(page);
  const folder = mkdtempSync(path.join(tmpdir(), "kiebitz-e2e-offline-"));
  const [sheet] = await roundSheets({ seed: 12, round: 1, boards: 1 });
  writeFileSync(path.join(folder, "offline-1.jpg"), sheet.photos[0]);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const arbiter = await phone.newPage();
  await arbiter.goto(`/connect/${code}`);
  await arbiter.getByLabel(en.scan.name).fill("Offline phone");
  await arbiter.getByRole("button", { name: en.scan.connect }).click();
  await expect(arbiter.getByRole("heading", { level: 2 })).toHaveText("Open A");

  await phone.setOffline(true);
  await arbiter.getByLabel(en.sheets.photos).setInputFiles(path.join(folder, "offline-1.jpg"));
  await arbiter.getByLabel(en.sheets.consent).check();
  await arbiter.getByRole("button", { name: en.sheets.upload }).click();
  await expect(arbiter.getByText(en.sheets.keptOffline)).toBeVisible();
  await expect(arbiter.getByText(en.sheets.waitingOffline_one.replace("{{count}}", "1"))).toBeVisible();
  const stored = () => sql<{ n: string }>(`SELECT count(*) AS n FROM sheet_image_entry WHERE tournament_id = $1`, [tid]).then(([row]) => Number(row.n));
  expect(await stored()).toBe(0);

  await phone.setOffline(false);
  await expect(arbiter.locator(".scan-sheets li").getByText("offline-1.jpg")).toBeVisible();
  await expect(arbiter.getByText(en.sheets.waitingOffline_one.replace("{{count}}", "1"))).toHaveCount(0);
  // opening the page again sends nothing twice
  await arbiter.reload();
  await expect(arbiter.locator(".scan-sheets li").getByText("offline-1.jpg")).toBeVisible();
  expect(await stored()).toBe(1);
  await phone.close();
});
