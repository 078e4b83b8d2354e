import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { sql } from "./support";

/**
 * Cookie consent (spec §2, §4): the banner until the visitor chooses (accept all, necessary only,
 * or the settings), the choice kept in a cookie for a year, the settings reopened from the footer
 * with the unsaved-changes notice (with JavaScript), and page visits counted only with consent.
 * English with JavaScript, German without.
 */
const consentCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "kiebitz_consent");
const visits = async (path: string) => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM page_visited WHERE target_url = $1`, [path]))[0].n);

test("accept all: the banner goes, the choice is kept for a year, visits are counted", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  await page.goto(`${prefix}/about`);
  const banner = page.getByRole("region", { name: t.consent.title });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: t.consent.acceptAll }).click();
  await expect(page).toHaveURL(`${prefix}/about`);
  await expect(banner).toHaveCount(0);
  const cookie = await consentCookie(page);
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);
  const path = `${prefix}/company`;
  const before = await visits(path);
  await page.goto(path);
  await expect.poll(() => visits(path)).toBe(before + 1);
});

test("necessary only: no banner afterwards and no visit counted; the footer button reopens the settings", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  await page.goto(`${prefix}/eula`);
  await page.getByRole("button", { name: t.consent.necessaryOnly }).click();
  await expect(page.getByRole("region", { name: t.consent.title })).toHaveCount(0);
  const path = `${prefix}/privacy`;
  const before = await visits(path);
  await page.goto(path);
  await page.goto(`${prefix}/eula`);
  expect(await visits(path)).toBe(before);

  await page.locator("footer").getByRole("link", { name: t.consent.settings }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.consent.settings);
  await expect(page.getByText(t.consent.stateDeclined)).toBeVisible();
  const statistics = page.getByRole("checkbox", { name: new RegExp(t.consent.cookies.statistics.name) });
  await expect(page.getByRole("checkbox", { name: new RegExp(t.consent.cookies.session.name) })).toBeDisabled();
  await expect(statistics).not.toBeChecked();
  await statistics.check();
  if (javaScriptEnabled) await expect(page.getByText(t.consent.unsaved)).toBeVisible();
  await page.getByRole("button", { name: t.consent.save }).click();
  // back where the settings were opened from, now with statistics allowed
  await expect(page).toHaveURL(`${prefix}/eula`);
  const counted = await visits(path);
  await page.goto(path);
  await expect.poll(() => visits(path)).toBe(counted + 1);
});

test("manage in the banner: the settings unfold and saving with nothing optional is 'necessary only'", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/contact`);
  const banner = page.getByRole("region", { name: t.consent.title });
  await banner.getByText(t.consent.manage).click();
  await expect(banner.getByRole("checkbox", { name: new RegExp(t.consent.cookies.statistics.name) })).not.toBeChecked();
  await banner.getByRole("button", { name: t.consent.save }).click();
  await expect(page).toHaveURL(`${prefix}/contact`);
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto(`${prefix}/cookies`);
  await expect(page.getByText(t.consent.stateGiven)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: new RegExp(t.consent.cookies.statistics.name) })).not.toBeChecked();
});
