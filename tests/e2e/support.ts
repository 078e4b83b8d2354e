import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type en from "../../locales/en/common.json";
import pg from "pg";
import { E2E_DATABASE, E2E_OUTBOX, E2E_SERVER } from "./environment";

/** Direct database access for what a person would read elsewhere: the CAPTCHA image, codes handed out by an admin. */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `${E2E_SERVER}/${E2E_DATABASE}` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

export async function newRegistrationCode(): Promise<string> {
  const code = unique("code");
  await sql(`INSERT INTO registercodes (code) VALUES ($1)`, [code]);
  return code;
}

/** The CAPTCHA's text, as the person reads it from the image. */
export async function captchaText(page: Page): Promise<string> {
  const id = await page.locator('input[name="captchaId"]').inputValue();
  const [row] = await sql<{ text: string }>(`SELECT text FROM captcha WHERE id = $1`, [id]);
  return row.text;
}

/** With JavaScript the browser solves the proof-of-work by itself; without it the person reads the CAPTCHA. */
export async function passBotCheck(page: Page, t: typeof en, answer?: string) {
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByLabel(t.fields.captcha).fill(answer ?? (await captchaText(page)));
  } else {
    await expect(page.locator('input[name="altcha"]')).toHaveValue(/.{20,}/);
  }
}

type OutboxMail = { to: string; subject: string; text: string };

/** The newest mail to an address in the outbox (waiting for it to arrive). */
export async function outboxMail(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      const mails = readdirSync(E2E_OUTBOX)
        .sort()
        .map((file) => JSON.parse(readFileSync(path.join(E2E_OUTBOX, file), "utf8")) as OutboxMail)
        .filter((mail) => mail.to === to && subject.test(mail.subject));
      found = mails.at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The newest mail to an address in the outbox, and the (first) link in it. */
export async function latestMail(to: string, subject: RegExp): Promise<OutboxMail & { link: string }> {
  const found = await outboxMail(to, subject);
  const link = found.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail ${found.subject}`);
  return { ...found, link };
}

/** Opens a link from a mail on the test server (mails carry the server's public URL). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A confirmed account with a role, created as an admin would (the password hashed like the app does). */
export async function createUser(role: "Admin" | "User", password: string): Promise<string> {
  const { hash } = await import("@node-rs/argon2");
  const email = `${unique(role.toLowerCase())}@example.org`;
  await sql(
    `INSERT INTO "user" (email, username, password, role, confirmed) VALUES ($1, $2, $3, (SELECT id FROM roles WHERE name = $4), true)`,
    [email, role, await hash(password), role],
  );
  return email;
}

export async function signIn(page: Page, email: string, password: string, prefix = "") {
  await page.goto(`${prefix}/signIn`);
  await page.getByLabel(/^(E-mail|E-Mail)$/).fill(email);
  await page.getByLabel(/^(Password|Passwort)$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Anmelden)$/ }).click();
  await expect(page).toHaveURL(`${prefix}/webapp/dashboard`);
}
