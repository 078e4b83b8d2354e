import { expect, test } from "@playwright/test";
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn, sql, unique } from "./support";

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

/**
 * Names are the organiser's own, up to 100 characters, and nothing stops them from having no space: such names wrap
 * within the screen, on a phone and on a desktop, instead of widening every page that shows them (before: the event's,
 * the tournament's and the players' pages were up to 2,150 px wide, German legal pages' headings 420 px on a phone).
 */
test("names of 100 characters without a space wrap within the screen", async ({ page }) => {
  const long = (word: string) => word.repeat(Math.ceil(100 / word.length)).slice(0, 100);
  const email = await createUser("User", "Phone-Pass-1");
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const slug = unique("Long");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $3) RETURNING id`, [user.id, long("Bezirksmeisterschaft"), slug]);
  const [tournament] = await sql<{ id: number }>(
    `INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, visibility, last_updated) VALUES ($1, $2, $3, 'T', 3, 'PUBLIC', now()) RETURNING id`,
    [user.id, long("Jugendvereinsmeisterschaft"), event.id],
  );
  const players: number[] = [];
  for (const snr of [1, 2, 3, 4]) {
    const [p] = await sql<{ id: number }>(`INSERT INTO player (tournament_id, snr, name, elo, club) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      tournament.id, snr, long(`Schlegelsteinhausen${snr}`), 2000 - snr, long("Schachfreundevereinigung"),
    ]);
    players.push(p.id);
  }
  const [round] = await sql<{ id: number }>(`INSERT INTO round (tournament_id, round) VALUES ($1, 1) RETURNING id`, [tournament.id]);
  for (const [board, white, black] of [[1, players[0], players[1]], [2, players[2], players[3]]]) {
    await sql(`INSERT INTO game (tournament_id, round_id, round, board, white_id, black_id, game_result) VALUES ($1, $2, 1, $3, $4, $5, 'DRAW')`, [tournament.id, round.id, board, white, black]);
  }
  await signIn(page, email, "Phone-Pass-1");
  const [g, t] = [event.id, tournament.id];
  const pages = [
    "/de/eula", "/de/privacy", "/webapp/dashboard", `/webapp/event/${g}`, `/webapp/tournament/${g}/${t}`, `/webapp/tournament/${g}/${t}?tab=participants`,
    `/webapp/round/${g}/${t}/1`, `/webapp/tournament/rankings/${g}/${t}/1`, `/webapp/tournament/pairings/${g}/${t}/1`, `/webapp/player/${g}/${t}/${players[0]}`,
    `/event/${slug}`, `/event/${slug}/T`, `/event/${slug}/T/players`, `/event/${slug}/T/standings/1`, `/event/${slug}/T/crosstable/1`, `/event/${slug}/T/player/1`,
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of pages) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
