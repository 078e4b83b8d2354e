import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn } from "./support";

/**
 * What an attacker tried from a browser: a redirect off-site after signing in, forms on another
 * origin (another port of the same host, which SameSite=Lax lets through) that sign the victim out
 * or in as the attacker, and a session that outlived sign-out.
 */
const PASSWORD = "Security-Pass-1";

/** A page on another port of this host, with a form that posts to Kiebitz. */
async function attackerSite(target: string, fields: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join("");
  const server: Server = createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end(`<!doctype html><form method="post" action="${target}">${inputs}<button type="submit">Win a prize</button></form>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("sign-in never redirects off-site, whatever redirectTo holds", async ({ page, baseURL }) => {
  const email = await createUser("User", PASSWORD);
  await page.goto(`/signIn?redirectTo=${encodeURIComponent("/\t/evil.example/")}`);
  await page.getByLabel(en.fields.email).fill(email);
  await page.getByLabel(en.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: en.signIn.submit }).click();
  await expect(page).toHaveURL(`${baseURL}/webapp/dashboard`);
});

test("a form on another origin can neither sign the victim out nor sign them in as the attacker", async ({ page, baseURL }) => {
  const victim = await createUser("User", PASSWORD);
  const attacker = await createUser("User", PASSWORD);
  await signIn(page, victim, PASSWORD);

  const signOut = await attackerSite(`${baseURL}/signOut`, {});
  await page.goto(signOut.url);
  const refused = page.waitForResponse((response) => response.url() === `${baseURL}/signOut`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  expect((await refused).status()).toBe(403);
  await signOut.close();

  const signInAs = await attackerSite(`${baseURL}/signIn`, { email: attacker, password: PASSWORD });
  await page.goto(signInAs.url);
  const refusedToo = page.waitForResponse((response) => response.url() === `${baseURL}/signIn`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  expect((await refusedToo).status()).toBe(403);
  await signInAs.close();

  await page.goto("/webapp/account");
  await expect(page.getByText(victim)).toBeVisible();
});

test("a session ends when its owner signs out everywhere else: the other browser is asked to sign in", async ({ browser }) => {
  const email = await createUser("User", PASSWORD);
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [one, two] = await Promise.all([first.newPage(), second.newPage()]);
  await signIn(one, email, PASSWORD);
  await signIn(two, email, PASSWORD);
  await two.goto("/webapp/account");
  await two.getByRole("button", { name: en.account.signOutElsewhere }).click();
  await expect(two.getByRole("status")).toHaveText(en.notice.signedOutElsewhere);
  await one.goto("/webapp/account");
  await expect(one).toHaveURL(/\/signIn\?redirectTo=/);
  await two.goto("/webapp/account");
  await expect(two.getByRole("heading", { level: 1 })).toHaveText(en.account.title);
  await Promise.all([first.close(), second.close()]);
});
