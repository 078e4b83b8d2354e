import { expect, test } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { latestMail, outboxMail, passBotCheck, pathOf, sql, unique } from "./support";

/**
 * The landing site's pages (issue 17): the newsletter with double opt-in (the mail read from the
 * outbox) and unsubscribe, and the PGN to QR-code converter with its too-long message. English
 * with JavaScript, German without.
 */
test("newsletter: sign up, nothing stored as confirmed until the mail's link is followed, then unsubscribe", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  const email = `${unique("reader")}@example.org`;
  await page.goto(`${prefix}/`);
  await page.getByRole("link", { name: t.newsletter.title }).click();
  await expect(page).toHaveURL(`${prefix}/newsletter`);
  await page.getByLabel(t.fields.email).fill(email);
  await passBotCheck(page, t);
  await page.getByRole("button", { name: t.newsletter.submit }).click();
  await expect(page.getByRole("status")).toHaveText(t.newsletter.checkMail);
  expect((await sql<{ confirmed: Date | null }>(`SELECT confirmed FROM newsletter_subscriber WHERE email = $1`, [email]))[0].confirmed).toBeNull();

  const mail = await latestMail(email, new RegExp(t.newsletter.mail.subject));
  await page.goto(pathOf(mail.link));
  await page.getByRole("button", { name: t.newsletter.confirm.button }).click();
  await expect(page.getByRole("status")).toHaveText(t.newsletter.confirm.done);
  expect((await sql<{ confirmed: Date | null }>(`SELECT confirmed FROM newsletter_subscriber WHERE email = $1`, [email]))[0].confirmed).not.toBeNull();

  const unsubscribe = mail.text.match(/https?:\/\/\S+unsubscribe\S+/)![0];
  await page.goto(pathOf(unsubscribe));
  await page.getByRole("button", { name: t.newsletter.unsubscribe.button }).click();
  await expect(page.getByRole("status")).toHaveText(t.newsletter.unsubscribe.done);
  expect(await sql(`SELECT 1 FROM newsletter_subscriber WHERE email = $1`, [email])).toHaveLength(0);
  // the link of a deleted subscription says so, and offers nothing to click
  await page.goto(pathOf(unsubscribe));
  await expect(page.getByText(t.newsletter.unknownLink)).toBeVisible();
  await expect(page.getByRole("button", { name: t.newsletter.unsubscribe.button })).toHaveCount(0);
});

test("PGN to QR code: a game gives a code to download; a game too long for one code says so", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/pgnQr`);
  await page.getByLabel(t.pgnQr.pgn).fill('[White "Anna"]\n[Black "Bert"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
  await page.getByRole("button", { name: t.pgnQr.submit }).click();
  await expect(page.getByRole("img", { name: t.pgnQr.codeLabel })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: t.pgnQr.download }).click();
  expect((await download).suggestedFilename()).toBe("game-qr.svg");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const long = Array.from({ length: 300 }, () => "Nf3 Nf6 Ng1 Ng8").join(" ");
  await page.getByLabel(t.pgnQr.pgn).fill(`[White "A"]\n[Black "B"]\n\n${long} *`);
  await page.getByRole("button", { name: t.pgnQr.submit }).click();
  await expect(page.getByText(t.pgnQr.tooLong.split("{{")[0])).toBeVisible();
  await expect(page.getByRole("img", { name: t.pgnQr.codeLabel })).toHaveCount(0);
});

test("contact form: the message reaches the operator's address, with the sender to reply to", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  const subject = unique("Question");
  await page.goto(`${prefix}/contact`);
  await page.getByLabel(t.fields.email).fill("visitor@example.org");
  await page.getByLabel(t.contact.name).fill("Vera Visitor");
  await page.getByLabel(t.contact.subject).fill(subject);
  await page.getByLabel(t.contact.message).fill("Can the pairings be printed?");
  await passBotCheck(page, t);
  await page.getByRole("button", { name: t.contact.send }).click();
  await expect(page.getByRole("status")).toHaveText(t.notice.messageSent);
  const mail = await outboxMail("operator@kiebitz.test", new RegExp(subject));
  expect(mail.text).toContain("Vera Visitor <visitor@example.org>");
  expect(mail.text).toContain("Can the pairings be printed?");
});
