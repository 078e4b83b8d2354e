import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { latestMail, newRegistrationCode, passBotCheck, pathOf, sql, unique } from "./support";

const LANGUAGES = [
  { name: "English", prefix: "", t: en, mailSubject: /confirm your e-mail/ },
  { name: "German", prefix: "/de", t: de, mailSubject: /Bestätige deine E-Mail/ },
] as const;

type T = typeof en;

async function fillSignUp(page: Page, t: T, values: { email: string; name: string; password: string; code: string }) {
  await page.getByLabel(t.fields.email).fill(values.email);
  await page.getByLabel(t.fields.username).fill(values.name);
  await page.getByLabel(t.fields.password, { exact: true }).fill(values.password);
  await page.getByLabel(t.fields.passwordConfirmation).fill(values.password);
  await page.getByLabel(t.fields.registrationCode).fill(values.code);
  await passBotCheck(page, t);
  await page.getByLabel(t.signUp.eulaAgree).check();
}


async function signIn(page: Page, prefix: string, t: T, email: string, password: string) {
  await page.goto(`${prefix}/signIn`);
  await page.getByLabel(t.fields.email).fill(email);
  await page.getByLabel(t.fields.password).fill(password);
  await page.getByRole("button", { name: t.signIn.submit, exact: true }).click();
}

for (const { name, prefix, t, mailSubject } of LANGUAGES) {
  test(`${name}: sign up, confirm, sign in, change name and password, sign out, reset password, delete account`, async ({ page }) => {
    const email = `${unique("org")}@example.org`;
    const code = await newRegistrationCode();

    await page.goto(`${prefix}/signUp`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.signUp.title);
    if (test.info().project.use.javaScriptEnabled === false) {
      await fillSignUp(page, t, { email, name: "Anna Org", password: "Secret-Pass1", code });
      await passBotCheck(page, t, "wrong");
      await page.getByRole("button", { name: t.signUp.submit }).click();
      await expect(page.getByText(t.auth.captchaWrong)).toBeVisible();
      expect(await sql(`SELECT id FROM "user" WHERE email = $1`, [email])).toHaveLength(0);
      await expect(page.getByLabel(t.fields.email)).toHaveValue(email);
    }

    await fillSignUp(page, t, { email, name: "Anna Org", password: "Secret-Pass1", code });
    await page.getByRole("button", { name: t.signUp.submit }).click();
    await expect(page).toHaveURL(`${prefix}/signIn`);
    await expect(page.getByRole("status")).toHaveText(t.notice.confirmationSent);

    await signIn(page, prefix, t, email, "Secret-Pass1");
    await expect(page.getByText(t.auth.confirmFirst)).toBeVisible();

    const confirmation = await latestMail(email, mailSubject);
    expect(confirmation.link).toContain(`${prefix}/confirm?code=`);
    await page.goto(pathOf(confirmation.link));
    await expect(page.getByText(t.confirm.done)).toBeVisible();
    await page.goto(pathOf(confirmation.link));
    await expect(page.getByText(t.auth.confirmationInvalid)).toBeVisible();

    await signIn(page, prefix, t, email, "Secret-Pass1");
    await expect(page).toHaveURL(`${prefix}/webapp/dashboard`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.dashboard.title);

    await page.getByRole("link", { name: t.header.account }).click();
    await expect(page).toHaveURL(`${prefix}/webapp/account`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.account.title);
    await page.getByLabel(t.fields.username).fill("Anna_2");
    await page.getByRole("button", { name: t.account.saveName }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.nameChanged);
    await expect(page.getByLabel(t.fields.username)).toHaveValue("Anna_2");
    expect((await sql<{ username: string }>(`SELECT username FROM "user" WHERE email = $1`, [email]))[0].username).toBe("Anna_2");

    await page.getByLabel(t.fields.currentPassword).fill("Wrong-Pass1");
    await page.getByLabel(t.fields.newPassword).fill("Second-Pass2");
    await page.getByLabel(t.fields.passwordConfirmation).fill("Second-Pass2");
    await page.getByRole("button", { name: t.account.savePassword }).click();
    await expect(page.getByText(t.auth.passwordIncorrect)).toBeVisible();
    await page.getByLabel(t.fields.currentPassword).fill("Secret-Pass1");
    await page.getByLabel(t.fields.newPassword).fill("weakpassword");
    await page.getByLabel(t.fields.passwordConfirmation).fill("weakpassword");
    await page.getByRole("button", { name: t.account.savePassword }).click();
    await expect(page.getByText(t.validation.passwordInsecure)).toBeVisible();
    await page.getByLabel(t.fields.currentPassword).fill("Secret-Pass1");
    await page.getByLabel(t.fields.newPassword).fill("Second-Pass2");
    await page.getByLabel(t.fields.passwordConfirmation).fill("Second-Pass2");
    await page.getByRole("button", { name: t.account.savePassword }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.passwordChanged);

    await page.getByRole("button", { name: t.header.signOut, exact: true }).click();
    await expect(page).toHaveURL(prefix || "/");
    await expect(page.getByRole("link", { name: t.header.signIn })).toBeVisible();
    await page.goto(`${prefix}/webapp/account`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/signIn\\?redirectTo=`));

    await page.goto(`${prefix}/signIn`);
    await page.getByRole("link", { name: t.signIn.forgotPassword }).click();
    await expect(page).toHaveURL(`${prefix}/resetPassword`);
    // an unknown address is answered as a known one (nobody learns who has an account)
    await page.getByLabel(t.fields.email).fill(`nobody-${email}`);
    await page.getByRole("button", { name: t.resetPassword.send }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.resetSent);
    await page.goto(`${prefix}/resetPassword`);
    await page.getByLabel(t.fields.email).fill(email);
    await page.getByRole("button", { name: t.resetPassword.send }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.resetSent);
    const reset = await latestMail(email, new RegExp(t.mail.resetPassword.subject));
    await page.goto(pathOf(reset.link));
    await page.getByLabel(t.fields.newPassword).fill("short");
    await page.getByLabel(t.fields.passwordConfirmation).fill("short");
    await page.getByRole("button", { name: t.resetPassword.save }).click();
    await expect(page.getByText(t.validation.passwordShort)).toBeVisible();
    await page.getByLabel(t.fields.newPassword).fill("Third-Pass3");
    await page.getByLabel(t.fields.passwordConfirmation).fill("Third-Pass3");
    await page.getByRole("button", { name: t.resetPassword.save }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.passwordReset);
    await page.goto(pathOf(reset.link));
    await expect(page.getByText(t.reset.codeInvalid)).toBeVisible();

    await signIn(page, prefix, t, email, "Second-Pass2");
    await expect(page.getByText(t.auth.credentialsIncorrect)).toBeVisible();
    await signIn(page, prefix, t, email, "Third-Pass3");
    await expect(page).toHaveURL(`${prefix}/webapp/dashboard`);

    await page.goto(`${prefix}/webapp/account`);
    await page.getByRole("button", { name: t.account.requestDeletion }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.deletionSent);
    await page.getByRole("button", { name: t.account.requestDeletion }).click();
    await expect(page.getByText(t.deletion.alreadyRequested)).toBeVisible();
    const deletion = await latestMail(email, new RegExp(t.mail.deleteAccount.subject));
    await page.goto(pathOf(deletion.link));
    await expect(page.getByText(t.confirmDeletion.warning)).toBeVisible();
    await page.getByRole("button", { name: t.confirmDeletion.submit }).click();
    await expect(page.getByRole("status")).toHaveText(t.notice.accountDeleted);
    await expect(page.getByRole("link", { name: t.header.signIn })).toBeVisible();
    expect(await sql(`SELECT id FROM "user" WHERE email = $1`, [email])).toHaveLength(0);
    await page.goto(pathOf(deletion.link));
    await expect(page.getByText(t.deletion.codeInvalid)).toBeVisible();
  });

  test(`${name}: bad sign-up inputs show the spec's messages and create nothing`, async ({ page }) => {
    const taken = `${unique("taken")}@example.org`;
    const code = await newRegistrationCode();
    await sql(`INSERT INTO "user" (email, username, password, role, confirmed) VALUES ($1, 'Taken', 'x', (SELECT id FROM roles WHERE name = 'User'), true)`, [taken]);

    await page.goto(`${prefix}/signUp`);
    // with JavaScript, the form is sent once the browser has passed the bot check, as a person would see it
    if (test.info().project.use.javaScriptEnabled !== false) await expect(page.locator('input[name="altcha"]')).toHaveValue(/.{20,}/);
    await page.getByRole("button", { name: t.signUp.submit }).click();
    await expect(page.getByText(t.validation.required).first()).toBeVisible();
    await expect(page.getByText(t.validation.eulaRequired)).toBeVisible();

    await fillSignUp(page, t, { email: "not-an-address", name: "x", password: "weak", code });
    await page.getByRole("button", { name: t.signUp.submit }).click();
    await expect(page.getByText(t.validation.email)).toBeVisible();
    await expect(page.getByText(t.validation.nameLength)).toBeVisible();
    await expect(page.getByText(t.validation.passwordShort)).toBeVisible();

    await fillSignUp(page, t, { email: taken, name: "Someone", password: "Secret-Pass1", code });
    await page.getByRole("button", { name: t.signUp.submit }).click();
    await expect(page.getByText(t.auth.emailTaken)).toBeVisible();

    const fresh = `${unique("fresh")}@example.org`;
    await fillSignUp(page, t, { email: fresh, name: "Someone", password: "Secret-Pass1", code: "no-such-code" });
    await page.getByRole("button", { name: t.signUp.submit }).click();
    await expect(page.getByText(t.auth.registrationCodeInvalid)).toBeVisible();
    expect(await sql(`SELECT id FROM "user" WHERE email = $1`, [fresh])).toHaveLength(0);
    expect((await sql<{ used: boolean }>(`SELECT used FROM registercodes WHERE code = $1`, [code]))[0].used).toBe(false);
  });

  test(`${name}: expired codes are refused with their messages`, async ({ page }) => {
    const email = `${unique("exp")}@example.org`;
    const [user] = await sql<{ id: number }>(
      `INSERT INTO "user" (email, username, password, role, confirmed) VALUES ($1, 'Exp', 'x', (SELECT id FROM roles WHERE name = 'User'), true) RETURNING id`,
      [email],
    );
    const key = unique("key");
    await sql(`INSERT INTO reset_password_code (user_id, confirmation_key, created) VALUES ($1, $2, now() - interval '2 hours')`, [user.id, key]);
    await sql(`INSERT INTO account_deletion_code (user_id, confirmation_key, created) VALUES ($1, $2, now() - interval '2 hours')`, [user.id, key]);
    await page.goto(`${prefix}/resetPassword?code=${key}`);
    await expect(page.getByText(t.reset.codeExpired)).toBeVisible();
    await page.goto(`${prefix}/confirmDeletion?code=${key}`);
    await expect(page.getByText(t.deletion.codeExpired)).toBeVisible();
    expect(await sql(`SELECT id FROM "user" WHERE id = $1`, [user.id])).toHaveLength(1);
  });
}
