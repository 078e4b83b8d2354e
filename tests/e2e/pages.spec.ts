import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn, sql, unique } from "./support";

/** Every page of this release, reachable in English and German. */
const PUBLIC_PAGES = [
  "/", "/about", "/contact", "/company", "/privacy", "/eula", "/signIn", "/signUp", "/resetPassword",
  "/docs/overview", "/docs/event", "/docs/tournament", "/docs/round", "/docs/app", "/docs/sheets",
  "/webapp/tournament/1/1/upgrade/success", "/webapp/tournament/1/1/upgrade/cancelled",
  "/roadmap", "/newsletter", "/pgnQr", "/cookies", "/view",
];
const GUARDED_PAGES = ["/webapp/dashboard", "/webapp/account", "/webapp/adminPage", "/tasks", "/webapp/createEvent", "/webapp"];

test("every public page answers in English at / and in German under /de", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const english = await request.get(path);
    const german = await request.get(path === "/" ? "/de" : `/de${path}`);
    expect(english.status(), path).toBe(200);
    expect(german.status(), path).toBe(200);
    expect(await english.text()).toContain('<html lang="en">');
    expect(await german.text()).toContain('<html lang="de">');
  }
});

test("every public page has a title of its own, in its language", async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of PUBLIC_PAGES) {
    for (const prefix of ["", "/de"]) {
      const html = await (await request.get(prefix && path === "/" ? prefix : `${prefix}${path}`)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(title, path).toMatch(/^.+ – Kiebitz$/);
      titles.set(`${prefix}${path}`, title);
    }
  }
  expect(titles.get("/signIn")).toBe(`${en.signIn.title} – Kiebitz`);
  expect(titles.get("/de/signIn")).toBe(`${de.signIn.title} – Kiebitz`);
  expect(new Set(titles.values()).size).toBe(titles.size);
});

test("signed-in pages send visitors to sign in and back afterwards, in their language", async ({ request }) => {
  for (const path of GUARDED_PAGES) {
    for (const prefix of ["", "/de"]) {
      const response = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`${prefix}/signIn?redirectTo=${encodeURIComponent(prefix + path)}`);
    }
  }
});

test("the documentation has its sections in both languages, and unknown sections answer 404", async ({ page }) => {
  await page.goto("/docs/round");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.docs.pages.round.title);
  await page.getByRole("link", { name: en.docs.pages.app.title }).click();
  await expect(page).toHaveURL("/docs/app");
  await page.goto("/de/docs/overview");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.docs.pages.overview.title);
  expect((await page.goto("/docs/no/such/section"))?.status()).toBe(404);
});

test("the sheet documentation links the printable forms, as PDFs with their labels in the page's language", async ({ page, request }) => {
  for (const [prefix, texts] of [["", en], ["/de", de]] as const) {
    await page.goto(`${prefix}/docs/sheets`);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(texts.sheet.forms.heading);
    // how moves may be written: short or long algebraic, the reader knows both
    await expect(page.getByText(texts.docs.pages.sheets.body[2])).toBeVisible();
    const links = page.getByRole("link", { name: /PDF/ });
    await expect(links).toHaveText([texts.sheet.forms["kiebitz-60"], texts.sheet.forms["kiebitz-120"]]);
    await expect(links.first()).toHaveAttribute("href", `${prefix}/scoresheet/kiebitz-60`);
  }
  for (const [layout, pages] of [["kiebitz-60", 1], ["kiebitz-120", 2]] as const) {
    const response = await request.get(`/de/scoresheet/${layout}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const pdf = await PDFDocument.load(await response.body());
    expect(pdf.getPageCount()).toBe(pages);
    expect(pdf.getTitle()).toBe(`${de.sheet.form.title} (${layout})`);
  }
  expect((await request.get("/scoresheet/kiebitz-999")).status()).toBe(404);
});

test("unknown paths answer 404 with 'Page not found: {path}' and a way home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found: /no/such/page")).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");

  const german = await page.goto("/de/gibt-es-nicht");
  expect(german?.status()).toBe(404);
  await expect(page.getByText("Seite nicht gefunden: /de/gibt-es-nicht")).toBeVisible();
  await expect(page.getByRole("link", { name: de.error.backHome })).toHaveAttribute("href", "/de");
  expect((await page.goto("/fr/about"))?.status()).toBe(404);
});

test("the language switch keeps the page and sets a year-long Lax cookie", async ({ page, context }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.about.title);
  await expect(page.getByText(en.header.test)).toBeVisible();
  await page.getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL("/de/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.pages.about.title);
  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL("/about");
});

test("the header and footer show the signed-out navigation", async ({ page }) => {
  await page.goto("/de");
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: de.header.about })).toHaveAttribute("href", "/de/about");
  await expect(header.getByRole("link", { name: de.header.contact })).toHaveAttribute("href", "/de/contact");
  await expect(header.getByRole("link", { name: de.header.signIn })).toHaveAttribute("href", "/de/signIn");
  const footer = page.locator("footer");
  for (const label of [de.footer.about, de.footer.contact, de.footer.company, de.footer.privacy, de.footer.terms]) {
    await expect(footer.getByRole("link", { name: label })).toBeVisible();
  }
});

test("an admin sees the Admin link and the user list; other users get 403", async ({ page }) => {
  const admin = await createUser("Admin", "Admin-Pass-1");
  const organiser = await createUser("User", "Organiser-Pass-1");

  await signIn(page, organiser, "Organiser-Pass-1");
  await expect(page.locator("header").getByRole("link", { name: en.header.admin })).toHaveCount(0);
  const forbidden = await page.goto("/webapp/adminPage");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByText(en.error.adminOnly)).toBeVisible();
  await page.locator("header").getByRole("button", { name: en.header.signOut }).click();
  await expect(page.locator("header").getByRole("link", { name: en.header.signIn })).toBeVisible();

  await signIn(page, admin, "Admin-Pass-1");
  await page.locator("header").getByRole("link", { name: en.header.admin }).click();
  await expect(page).toHaveURL("/webapp/adminPage");
  // the list is paged: the organiser is found by searching
  await page.getByLabel(en.admin.search).fill(organiser);
  await page.getByRole("button", { name: en.admin.searchButton }).click();
  await expect(page.getByRole("cell", { name: organiser })).toBeVisible();
  await expect(page.getByText("1 user", { exact: true })).toBeVisible();
  await page.getByLabel(en.admin.user).selectOption({ label: organiser });
  await page.getByRole("button", { name: en.admin.show }).click();
  await expect(page).toHaveURL(/\/webapp\/adminPage\?q=.+&uid=\d+$/);
  await expect(page.getByText(en.dashboard.empty)).toBeVisible();
});

test("the user switcher: an admin sees another user's dashboard read-only, and what they change there is logged", async ({ page }) => {
  const admin = await createUser("Admin", "Admin-Pass-1");
  const organiser = await createUser("User", "Organiser-Pass-1");
  const [owner] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [organiser]);
  const name = unique("Switch Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $3) RETURNING id`, [owner.id, name, name.replace(/ /g, "-")]);
  await signIn(page, admin, "Admin-Pass-1");
  await page.goto(`/webapp/adminPage?q=${encodeURIComponent(organiser)}`);
  await page.getByRole("link", { name: organiser }).click();
  await expect(page).toHaveURL(new RegExp(`uid=${owner.id}$`));
  await page.getByRole("link", { name: en.admin.openDashboard }).click();
  await expect(page).toHaveURL(`/webapp/dashboard?uid=${owner.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Dashboard of ${organiser}`);
  await expect(page.getByRole("note")).toHaveText(new RegExp(en.admin.readOnly.slice(0, 40)));
  await expect(page.getByRole("link", { name: en.events.create })).toHaveCount(0);

  // acting deliberately: the admin renames the user's event, and the admin page lists the change
  await page.getByRole("link", { name }).click();
  await page.getByText(en.events.edit).click();
  await page.getByLabel(en.events.name).fill(`${name} renamed`);
  await page.getByRole("button", { name: en.events.save }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} renamed`);
  const [logged] = await sql<{ n: string }>(`SELECT count(*) AS n FROM admin_action WHERE user_id = $1 AND path = $2`, [owner.id, `/webapp/event/${event.id}`]);
  expect(Number(logged.n)).toBe(1);
  await page.goto("/webapp/adminPage");
  await expect(page.getByText(`${admin}: POST /webapp/event/${event.id}`)).toBeVisible();

  // registration codes are created and listed
  await page.getByRole("button", { name: en.admin.createCode }).click();
  const [code] = await sql<{ code: string }>(`SELECT code FROM registercodes ORDER BY created DESC LIMIT 1`);
  await expect(page.getByText(code.code, { exact: true })).toBeVisible();
});

test("without Stripe keys the upgrade page says that payments are not set up", async ({ page, javaScriptEnabled }) => {
  const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
  const email = await createUser("User", "Upgrade-Pass-1");
  const [owner] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Upgrade Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $3) RETURNING id`, [owner.id, name, name.replace(/ /g, "-")]);
  const [tournament] = await sql<{ id: number }>(`INSERT INTO tournament (creator, name, tournament_group, slug, last_updated) VALUES ($1, 'A', $2, 'A', now()) RETURNING id`, [owner.id, event.id]);
  await signIn(page, email, "Upgrade-Pass-1", prefix);
  await page.goto(`${prefix}/webapp/tournament/${event.id}/${tournament.id}`);
  await page.getByRole("link", { name: t.upgrade.link }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.upgrade.title);
  await expect(page.getByText(t.upgrade.notSetUp)).toBeVisible();
  await expect(page.getByRole("button", { name: t.upgrade.pay })).toHaveCount(0);
});
