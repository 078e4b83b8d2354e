import { expect, test } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
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
