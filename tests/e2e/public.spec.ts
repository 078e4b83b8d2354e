import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, sql, unique } from "./support";

/**
 * A visitor follows a public tournament (issue 17): from the event page to pairings, another
 * round, standings with tiebreaks, the cross table and a player's page, and unlocks the games with
 * the password; a tournament public without games and a private one show nothing they must not.
 * English with JavaScript, German without (both projects run every test), desktop and a 390 px phone.
 */
type Fixture = { name: string; event: string };

async function tournament(creator: number, eventId: number, name: string, visibility: string, password: string | null) {
  const slug = name.replace(/ /g, "-");
  const [t] = await sql<{ id: number }>(
    `INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, visibility, password, tiebreak_score_first, tiebreak_score_second, last_updated)
     VALUES ($1, $2, $3, $4, 5, $5, $6, 'BUCHHOLZ', 'SONNEBORN_BERGER', now()) RETURNING id`,
    [creator, name, eventId, slug, visibility, password],
  );
  const ids: number[] = [];
  for (const [i, player] of ["Anna Adler", "Bert Brandt", "Cleo Conrad", "Dora Diehl"].entries()) {
    const [p] = await sql<{ id: number }>(`INSERT INTO player (tournament_id, snr, name, elo, club, country) VALUES ($1, $2, $3, $4, 'SK Kiebitz', 'GER') RETURNING id`, [t.id, i + 1, player, 2100 - 100 * i]);
    ids.push(p.id);
  }
  // round 1: Anna–Cleo 1-0 (with moves), Dora–Bert ½-½; round 2: Bert–Anna 0-1, Cleo–Dora 1-0
  const rounds: [number, number, number, string, string | null][][] = [
    [[1, ids[0], ids[2], "WHITE_WINS", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"], [2, ids[3], ids[1], "DRAW", null]],
    [[1, ids[1], ids[0], "BLACK_WINS", null], [2, ids[2], ids[3], "WHITE_WINS", null]],
  ];
  for (const [index, boards] of rounds.entries()) {
    const [round] = await sql<{ id: number }>(`INSERT INTO round (tournament_id, round) VALUES ($1, $2) RETURNING id`, [t.id, index + 1]);
    for (const [board, white, black, result, moves] of boards) {
      await sql(`INSERT INTO game (tournament_id, round_id, round, board, white_id, black_id, game_result, moves) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [t.id, round.id, index + 1, board, white, black, result, moves]);
    }
  }
}

async function fixture(): Promise<Fixture> {
  const email = await createUser("User", "Public-Pass-1");
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("City Open");
  const event = name.replace(/ /g, "-");
  const [row] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug, site) VALUES ($1, $2, $3, 'Hamburg') RETURNING id`, [user.id, name, event]);
  await tournament(user.id, row.id, "Masters", "PUBLIC", "Games-2026");
  await tournament(user.id, row.id, "Amateurs", "PUBLIC_WITHOUT_GAMES", null);
  await tournament(user.id, row.id, "Closed Group", "PRIVATE", null);
  return { name, event };
}

async function fitsScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [label, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test("a visitor goes from the event page to pairings, standings with tiebreaks, the cross table and a player, then unlocks the games", async ({ page, javaScriptEnabled }) => {
      const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
      const { name, event } = await fixture();
      await page.goto(`${prefix}/event/${event}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.getByText("Closed Group")).toHaveCount(0);
      await fitsScreen(page, viewport.width);

      // one tap to the current round's pairings
      await page.getByRole("listitem").filter({ hasText: "Masters" }).getByRole("link", { name: t.public.pairings, exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/event/${event}/Masters/round/2`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Masters");
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(t.rounds.title.replace("{{round}}", "2"));
      await expect(page.locator("table.public-pairings tbody tr").first()).toContainText("Bert Brandt");
      await fitsScreen(page, viewport.width);

      // another round
      await page.getByRole("link", { name: t.rounds.title.replace("{{round}}", "1"), exact: true }).click();
      await expect(page).toHaveURL(`${prefix}/event/${event}/Masters/round/1`);
      await expect(page.locator("table.public-pairings tbody tr").first()).toContainText("Anna Adler");

      // standings with tiebreak columns
      await page.getByRole("link", { name: t.public.standings, exact: true }).click();
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(t.rankings.after.replace("{{round}}", "2"));
      await expect(page.locator("table.rankings thead")).toContainText("BH");
      await expect(page.locator("table.rankings thead")).toContainText("SB");
      await expect(page.locator("table.rankings tbody tr").first()).toContainText("Anna Adler");
      await fitsScreen(page, viewport.width);

      // the cross table: Anna (rank 1) beat Cleo (rank 2) with White in round 1
      await page.getByRole("link", { name: t.public.crossTable, exact: true }).click();
      await expect(page.locator("table.cross-table tbody tr").first()).toContainText(`2${t.public.colourLetter.w} 1`);

      // a player's page
      await page.getByRole("link", { name: "Cleo Conrad" }).first().click();
      await expect(page.getByRole("heading", { level: 2 })).toHaveText("Cleo Conrad");
      await expect(page.locator("table.player-rounds tbody tr")).toHaveCount(2);
      await expect(page.locator("table.player-rounds tbody tr").first()).toContainText("Anna Adler");
      await fitsScreen(page, viewport.width);

      // the games: locked, a wrong password, then the right one
      await page.goto(`${prefix}/event/${event}/Masters/round/1`);
      await expect(page.getByText("Qxf7#")).toHaveCount(0);
      expect((await page.request.get(`${prefix}/event/${event}/Masters/pgn/1`)).status()).toBe(403);
      await page.getByLabel(t.public.password).fill("wrong");
      await page.getByRole("button", { name: t.public.unlock }).click();
      await expect(page.getByText(t.public.wrongPassword)).toBeVisible();
      await page.getByLabel(t.public.password).fill("Games-2026");
      await page.getByRole("button", { name: t.public.unlock }).click();
      await expect(page.getByRole("link", { name: t.public.downloadPgn.replace("{{round}}", "1") })).toBeVisible();
      await page.getByRole("link", { name: t.results.WHITE_WINS }).first().click();
      await expect(page.locator("ol.moves li")).toHaveText(["e4 e5", "Qh5 Nc6", "Bc4 Nf6", "Qxf7#"]);
      await expect(page.locator(".board")).toBeVisible();
      const pgn = await page.request.get(`${prefix}/event/${event}/Masters/pgn/1`);
      expect(pgn.status()).toBe(200);
      expect(await pgn.text()).toContain("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
    });

    test("a tournament public without games shows results only; a private one is not found anywhere", async ({ page, javaScriptEnabled }) => {
      const [t, prefix] = javaScriptEnabled ? [en, ""] : [de, "/de"];
      const { event } = await fixture();
      await page.goto(`${prefix}/event/${event}/Amateurs/round/1`);
      await expect(page.getByText(t.public.gamesHidden)).toBeVisible();
      await expect(page.getByLabel(t.public.password)).toHaveCount(0);
      await expect(page.locator("table.public-pairings a", { hasText: t.results.WHITE_WINS })).toHaveCount(0);
      expect((await page.request.get(`${prefix}/event/${event}/Amateurs/game/1/1`)).status()).toBe(404);
      expect((await page.request.get(`${prefix}/event/${event}/Amateurs/pgn/1`)).status()).toBe(404);
      for (const path of ["", "/players", "/round/1", "/standings/2", "/crosstable/2", "/player/1", "/game/1/1", "/pgn/1"]) {
        expect((await page.request.get(`${prefix}/event/${event}/Closed-Group${path}`)).status(), path).toBe(404);
      }
    });
  });
}
