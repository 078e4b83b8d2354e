import { expect, test } from "@playwright/test";
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn } from "./support";

/**
 * On a 390 px phone the header is one line with a menu (before: three lines), and no page is wider
 * than the screen (before: the header and the pairings, participants and rankings tables were).
 */
test.use({ viewport: { width: 390, height: 844 } });

const PAGES = ["/", "/about", "/contact", "/signIn", "/signUp", "/docs/overview", "/de/signIn"];

test("public pages fit a phone: a one-line header whose menu opens, nothing wider than the screen", async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    const header = await page.locator("header").boundingBox();
    expect(header!.height, path).toBeLessThan(70);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await page.goto("/");
  await page.locator("header summary").click();
  await expect(page.locator("header").getByRole("link", { name: en.header.signIn })).toBeVisible();
});

test("signed-in pages fit a phone too", async ({ page }) => {
  const email = await createUser("User", "Phone-Pass-1");
  await signIn(page, email, "Phone-Pass-1");
  for (const path of ["/webapp/dashboard", "/webapp/account", "/webapp/createEvent"]) {
    await page.goto(path);
    expect((await page.locator("header").boundingBox())!.height, path).toBeLessThan(70);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
