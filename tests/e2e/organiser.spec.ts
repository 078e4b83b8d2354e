import { expect, test, type Page } from "@playwright/test";
import de from "../../locales/de/common.json" with { type: "json" };
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn, sql, unique } from "./support";

const PASSWORD = "Organiser-Pass-1";

async function createEvent(page: Page, name: string) {
  await page.goto("/webapp/dashboard");
  await page.getByRole("link", { name: en.events.create }).click();
  await page.getByLabel(en.events.name).fill(name);
  await page.getByLabel(en.events.startDate).fill("2026-12-05");
  await page.getByLabel(en.events.endDate).fill("2026-12-06");
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(en.tournaments.empty)).toBeVisible();
}

async function createTournament(page: Page, name: string, mode: string, rounds: number) {
  await page.getByText(en.tournaments.create, { exact: true }).first().click();
  await page.getByLabel(en.tournaments.name).fill(name);
  await page.getByLabel(en.tournaments.mode).selectOption(mode);
  await page.getByLabel(en.tournaments.rounds).fill(String(rounds));
  await page.getByLabel("Tiebreak 1").selectOption("BUCHHOLZ");
  await page.getByLabel("Tiebreak 2").selectOption("SONNEBORN_BERGER");
  await page.getByRole("button", { name: en.tournaments.create }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

function csv(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => `"Player ${String.fromCharCode(65 + i)}",,,${2400 - i * 37},,Club ${i % 3},GER`);
  return `name,title,fideId,elo,nwz,club,country\n${rows.join("\n")}\n`;
}

async function importPlayers(page: Page, count: number) {
  await page.getByRole("link", { name: en.tournaments.tab.participants }).click();
  await page.getByRole("link", { name: en.players.manage }).click();
  await page.getByRole("link", { name: en.players.import }).click();
  await page.getByLabel(en.players.csv.paste).fill(csv(count));
  await page.getByRole("button", { name: en.players.csv.preview }).click();
  await expect(page.getByRole("heading", { name: `Preview: ${count} players` })).toBeVisible();
  await page.getByRole("button", { name: `Import ${count} players` }).click();
  await expect(page.getByRole("status")).toHaveText(en.notice.playersImported);
  await expect(page.locator("table tbody tr")).toHaveCount(count);
}

/**
 * The round page's boards as "(white)-(black)" starting numbers. Read with expect.poll: without
 * JavaScript the page may still be arriving when its status notice shows, its last rows not yet there.
 */
const boardNumbers = async (page: Page) => (await page.locator("table.pairings tbody tr").allInnerTexts()).map((row) => row.match(/\((\d+)\)/g)?.join("-"));

/** Results for every board: a fixed cycle of 1-0, ½-½, 0-1. */
async function enterResults(page: Page, round: number) {
  const selects = page.getByRole("combobox", { name: /Result of board/ });
  const count = await selects.count();
  const cycle = ["WHITE_WINS", "DRAW", "BLACK_WINS"];
  for (let i = 0; i < count; i++) await selects.nth(i).selectOption(cycle[(i + round) % 3]);
  await page.getByRole("button", { name: en.rounds.saveResults }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(en.rounds.states.FINISHED);
  return count;
}

test("a 5-round Swiss of 12 players from the event to rankings and PGN", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  const event = unique("Open");
  await createEvent(page, event);
  await createTournament(page, "A-Open", "SWISS", 5);
  await importPlayers(page, 12);

  await page.getByRole("link", { name: "A-Open" }).click();
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page.getByRole("status")).toHaveText(en.notice.pairingsDrawn);
  // Round 1 by the Dutch rules: 1–7, 8–2, 3–9, 10–4, 5–11, 12–6 (starting numbers by rating).
  await expect.poll(() => boardNumbers(page)).toEqual(["(1)-(7)", "(8)-(2)", "(3)-(9)", "(10)-(4)", "(5)-(11)", "(12)-(6)"]);

  // Once a round exists, players can no longer be added or removed (spec §5, §8).
  const roundUrl = page.url();
  await page.goto(roundUrl.replace(/\/webapp\/round\/(\d+)\/(\d+)\/1$/, "/webapp/tournament/players/$1/$2"));
  await expect(page.getByText(en.rounds.playersLocked)).toBeVisible();
  await expect(page.getByRole("button", { name: en.players.add })).toHaveCount(0);
  const added = await page.request.post(page.url(), { form: { name: "Late Entry", active: "on" } });
  expect(added.status()).toBe(409);
  await page.goto(roundUrl);

  const pairsSeen = new Set<string>();
  for (let round = 1; round <= 5; round++) {
    if (round > 1) {
      await page.getByRole("button", { name: `Draw pairings for round ${round}` }).click();
      await expect(page).toHaveURL(new RegExp(`/webapp/round/\\d+/\\d+/${round}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Round ${round}`);
    }
    // six boards of two players each (12 players, no bye)
    await expect.poll(async () => (await boardNumbers(page)).filter((board) => board?.split("-").length === 2)).toHaveLength(6);
    for (const board of await boardNumbers(page)) {
      const [a, b] = board!.split("-").map((n) => Number(n.slice(1, -1))).sort((x, y) => x - y);
      expect(pairsSeen.has(`${a}-${b}`), `round ${round}: ${a}-${b} again`).toBe(false);
      pairsSeen.add(`${a}-${b}`);
    }
    expect(await enterResults(page, round)).toBe(6);

    await page.getByRole("link", { name: en.rankings.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ranking after round ${round}`);
    await expect(page.getByRole("columnheader", { name: "BH" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "SB" })).toBeVisible();
    // waits for the whole table: without JavaScript its last rows may still be arriving
    await expect(page.locator("table.rankings tbody tr td:nth-child(5)")).toHaveCount(12);
    const points = await page.locator("table.rankings tbody tr td:nth-child(5)").allInnerTexts();
    expect(points.reduce((sum, p) => sum + Number(p), 0)).toBe(6 * round);
    expect(points.map(Number)).toEqual([...points.map(Number)].sort((x, y) => y - x));
    await page.getByRole("link", { name: new RegExp(`Round ${round}`) }).click();
  }
  await expect(page.getByRole("button", { name: /Draw pairings for round 6/ })).toHaveCount(0);

  const pgnHref = await page.getByRole("link", { name: en.rounds.exportPgn }).getAttribute("href");
  const cookies = await page.context().cookies();
  const pgn = await request.get(pgnHref!, { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } });
  expect(pgn.status()).toBe(200);
  const text = await pgn.text();
  expect(text.match(/\[Round "5"\]/g)).toHaveLength(6);
  expect(text).toContain(`[Event "${event} – A-Open"]`);
  expect(text).toMatch(/\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
});

test("a 6-player round robin follows the Berger table", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await createEvent(page, unique("Club"));
  await createTournament(page, "Masters", "ROUND_ROBIN", 5);
  await importPlayers(page, 6);
  await page.getByRole("link", { name: "Masters" }).click();
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 1");
  await expect.poll(() => boardNumbers(page)).toEqual(["(1)-(6)", "(2)-(5)", "(3)-(4)"]);

  // Import the games of the round from PGN: matched to the boards by the players' names.
  const pgn = [["Player A", "Player F", "1-0"], ["Player B", "Player E", "1/2-1/2"], ["Player C", "Player D", "0-1"]]
    .map(([white, black, result]) => `[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n1. e4 e5 2. Nf3 Nc6 ${result}\n`)
    .join("\n");
  await page.getByText(en.rounds.import.title).click();
  await page.getByLabel(en.rounds.import.file).setInputFiles({ name: "round1.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(pgn) });
  await page.getByRole("button", { name: en.rounds.import.submit }).click();
  await expect(page.getByRole("status")).toHaveText("3 games imported.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(en.rounds.states.FINISHED);
  const results = page.getByRole("combobox", { name: /Result of board/ });
  await expect(results.nth(0)).toHaveValue("WHITE_WINS");
  await expect(results.nth(1)).toHaveValue("DRAW");
  await expect(results.nth(2)).toHaveValue("BLACK_WINS");
  await page.getByRole("button", { name: "Draw pairings for round 2" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/2$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 2");
  await expect.poll(() => boardNumbers(page)).toEqual(["(6)-(4)", "(5)-(3)", "(1)-(2)"]);
  const roundTwo = page.url();

  // Automatic navigation: /webapp goes to the last round of the organiser's latest tournament.
  await page.goto("/webapp");
  await expect(page).toHaveURL(roundTwo);
  // The event menu lists the tournaments with their players and rounds.
  const menu = page.locator(".event-menu");
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Masters" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Round 1" })).toBeVisible();
  await menu.getByRole("link", { name: en.players.heading }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.players.heading);
});

test("duplicate event names, a wrong date order and bad links are refused with the spec's messages; createTournament page", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  const name = unique("Cup");
  await createEvent(page, name);
  await page.goto("/webapp/createEvent");
  await page.getByLabel(en.events.name).fill(name);
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByText(en.events.nameTaken)).toBeVisible();
  await page.getByLabel(en.events.name).fill(`${name} 2`);
  await page.getByLabel(en.events.startDate).fill("2026-12-06");
  await page.getByLabel(en.events.endDate).fill("2026-12-05");
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByText(en.events.startBeforeEnd)).toBeVisible();
  await expect(page.getByText(en.events.endAfterStart)).toBeVisible();
  expect(await sql(`SELECT id FROM tournament_group WHERE name = $1`, [`${name} 2`])).toHaveLength(0);

  // Links: a valid URL of at most 150 characters, a text of at most 50.
  await page.getByLabel(en.events.startDate).fill("");
  await page.getByLabel(en.events.endDate).fill("");
  await page.getByLabel(en.links.url).fill("not a url");
  await page.getByLabel(en.links.text).fill("x".repeat(51));
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByText(en.links.urlInvalid)).toBeVisible();
  await expect(page.getByText(en.links.textTooLong)).toBeVisible();
  await page.getByLabel(en.links.url).fill("https://example.org/open");
  await page.getByLabel(en.links.text).fill("Invitation");
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByRole("link", { name: "Invitation" })).toHaveAttribute("href", "https://example.org/open");

  // /webapp/createTournament creates a tournament in a chosen event.
  await page.goto("/webapp/createTournament");
  await page.getByLabel(en.tournaments.event).selectOption({ label: `${name} 2` });
  await page.getByLabel(en.tournaments.name).fill("Seniors");
  await page.getByRole("button", { name: en.tournaments.create }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seniors");
  await expect(page.getByRole("link", { name: `${name} 2` })).toBeVisible();
});

test("only the owner and admins reach an event; others get 403, visitors the sign-in", async ({ page, browser }) => {
  const owner = await createUser("User", PASSWORD);
  await signIn(page, owner, PASSWORD);
  await createEvent(page, unique("Private"));
  const eventUrl = new URL(page.url()).pathname;
  await createTournament(page, "Closed", "SWISS", 3);
  const tournamentUrl = new URL(page.url()).pathname;

  const other = await browser.newPage();
  await signIn(other, await createUser("User", PASSWORD), PASSWORD);
  for (const url of [eventUrl, tournamentUrl, tournamentUrl.replace("/tournament/", "/tournament/players/"), tournamentUrl.replace("/tournament/", "/pgn/") + "/0"]) {
    const response = await other.goto(url);
    expect(response?.status(), url).toBe(403);
  }
  await other.goto(eventUrl);
  await expect(other.getByText(en.error.noAccess)).toBeVisible();
  const post = await other.request.post(eventUrl, { form: { intent: "delete", confirmName: "x" } });
  expect(post.status()).toBe(403);

  const admin = await browser.newPage();
  await signIn(admin, await createUser("Admin", PASSWORD), PASSWORD);
  expect((await admin.goto(tournamentUrl))?.status()).toBe(200);

  const visitor = await browser.newPage();
  const anonymous = await visitor.request.get(eventUrl, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toContain("/signIn?redirectTo=");
});

test("the game view: moves in the tournament's notation with the chess core's messages, result and comment", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await createEvent(page, unique("Games"));
  await createTournament(page, "Rapid", "ROUND_ROBIN", 3);
  await importPlayers(page, 4);
  await page.getByRole("link", { name: "Rapid" }).click();
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 1");
  const round = page.url();
  await page.goto("/tasks");
  await expect(page.getByRole("listitem").filter({ hasText: "Rapid – Round 1" })).toContainText("2 results missing");
  await page.goto(round);
  await page.getByRole("link", { name: "1", exact: true }).click();
  await expect(page).toHaveURL(/\/webapp\/game\/\d+\/\d+\/1\/1$/);
  const move = page.getByLabel(/Next move/);
  const expected = [["e4"], ["e4 e5"], ["e4 e5", "Nf3"]];
  for (const [i, text] of ["e4", "e5", "Nf3"].entries()) {
    await move.fill(text);
    await page.getByRole("button", { name: en.games.addMove }).click();
    await expect(page.locator("ol.moves li")).toHaveText(expected[i]);
  }
  await expect(page.locator("ol.moves li")).toHaveText(["e4 e5", "Nf3"]);
  await move.fill("Ni3");
  await page.getByRole("button", { name: en.games.addMove }).click();
  await expect(page.getByText("i is not allowed!")).toBeVisible();
  await page.getByLabel(/Next move/).fill("Ke3");
  await page.getByRole("button", { name: en.games.addMove }).click();
  await expect(page.getByText("Illegal Move!")).toBeVisible();
  await page.getByRole("button", { name: en.games.undo }).click();
  await expect(page.locator("ol.moves li")).toHaveText(["e4 e5"]);
  await page.getByLabel(en.rounds.result).selectOption("DRAW");
  await page.getByLabel(en.games.comment).fill("Short draw");
  await page.getByRole("button", { name: en.events.save }).click();
  await expect(page.getByRole("status")).toHaveText(en.notice.changesSaved);
  await expect(page.getByLabel(en.rounds.result)).toHaveValue("DRAW");
  await expect(page.getByLabel(en.games.comment)).toHaveValue("Short draw");
});

test("a team tournament of 4 teams of 4: team pairings, boards alternating colours, match and board points", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await createEvent(page, unique("League"));
  await page.getByText(en.tournaments.create, { exact: true }).first().click();
  await page.getByLabel(en.tournaments.name).fill("Team Cup");
  await page.getByLabel(en.tournaments.form).selectOption("TEAM");
  await page.getByLabel(en.tournaments.mode).selectOption("ROUND_ROBIN");
  await page.getByLabel(en.tournaments.rounds).fill("3");
  await page.getByRole("button", { name: en.tournaments.create }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team Cup");

  await page.getByRole("link", { name: en.tournaments.tab.teams }).click();
  for (const team of ["Rooks", "Knights", "Bishops", "Pawns"]) {
    await page.getByLabel(en.teams.name, { exact: true }).fill(team);
    await page.getByLabel(en.teams.members).fill([1, 2, 3, 4].map((b) => `${team} ${b}, ${2000 - b * 50}`).join("\n"));
    await page.getByRole("button", { name: en.teams.add }).click();
    await expect(page.getByText(team, { exact: true })).toBeVisible();
  }
  await expect(page.locator("ol.teams > li")).toHaveCount(4);

  await page.getByRole("link", { name: en.tournaments.tab.rounds }).click();
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 1");
  // each match above its boards, with its score
  await expect(page.locator("table.pairings tr.match-row")).toHaveText(["Rooks – Pawns: 0 : 0", "Knights – Bishops: 0 : 0"]);
  await expect(page.locator("table.pairings tbody tr:not(.match-row)")).toHaveCount(8);
  const rows = await page.locator("table.pairings tbody tr:not(.match-row)").allInnerTexts();
  // Berger round 1 for 4 teams: 1–4 and 2–3; board 1 white to the first-named team, then alternating.
  expect(rows[0]).toMatch(/Rooks 1.*Pawns 1/s);
  expect(rows[1]).toMatch(/Pawns 2.*Rooks 2/s);
  expect(rows[2]).toMatch(/Rooks 3.*Pawns 3/s);
  expect(rows[4]).toMatch(/Knights 1.*Bishops 1/s);
  await enterResults(page, 1);

  await page.getByRole("link", { name: en.rankings.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ranking after round 1");
  await expect(page.locator("table.team-rankings tbody tr td:nth-child(4)")).toHaveCount(4);
  const cells = await page.locator("table.team-rankings tbody tr td:nth-child(3)").allInnerTexts();
  expect(cells.reduce((sum, mp) => sum + Number(mp), 0)).toBe(4);
  const boardPoints = await page.locator("table.team-rankings tbody tr td:nth-child(4)").allInnerTexts();
  expect(boardPoints.reduce((sum, bp) => sum + Number(bp), 0)).toBe(8);
});

test("visitors see public tournaments; games only when fully public and behind the games password", async ({ page, browser }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  const event = unique("Public Open");
  await createEvent(page, event);
  await createTournament(page, "Group A", "ROUND_ROBIN", 3);
  const tournamentUrl = page.url();
  await importPlayers(page, 4);
  const visitor = await browser.newPage();
  const publicUrl = `/event/${event.replace(/ /g, "-")}/Group-A`;
  expect((await visitor.goto(publicUrl))?.status()).toBe(404);

  await page.goto(`${tournamentUrl}?tab=settings`);
  await page.getByLabel(en.tournaments.visibility).selectOption("PUBLIC");
  await page.getByLabel(en.tournaments.password).fill("Secret-Games");
  await page.getByRole("button", { name: en.tournaments.saveSettings }).click();
  await expect(page.getByRole("status")).toHaveText(en.notice.changesSaved);
  // the organiser's page now links to the public one
  await expect(page.getByRole("link", { name: en.tournaments.publicPage })).toHaveAttribute("href", new URL(publicUrl, "http://x").pathname);
  await page.goto(`${tournamentUrl}?tab=rounds`);
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 1");
  const pgn = `[White "Player A"]\n[Black "Player D"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`;
  await page.getByText(en.rounds.import.title).click();
  await page.getByLabel(en.rounds.import.file).setInputFiles({ name: "r1.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(pgn) });
  await page.getByRole("button", { name: en.rounds.import.submit }).click();
  await expect(page.getByRole("status")).toHaveText("1 game imported.");

  expect((await visitor.goto(publicUrl))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Group A");
  await expect(visitor.getByText("Player A").first()).toBeVisible();
  await expect(visitor.getByText("Qxf7#")).toHaveCount(0);
  await visitor.getByLabel(en.public.password).fill("wrong");
  await visitor.getByRole("button", { name: en.public.unlock }).click();
  await expect(visitor.getByText(en.public.wrongPassword)).toBeVisible();
  await visitor.getByLabel(en.public.password).fill("Secret-Games");
  await visitor.getByRole("button", { name: en.public.unlock }).click();
  await visitor.getByRole("link", { name: en.results.WHITE_WINS }).first().click();
  await expect(visitor.locator("ol.moves li")).toHaveText(["e4 e5", "Qh5 Nc6", "Bc4 Nf6", "Qxf7#"]);
  await visitor.goto(`/event/${event.replace(/ /g, "-")}`);
  await expect(visitor.getByRole("link", { name: "Group A" })).toHaveAttribute("href", publicUrl);
});

test("pairings imported by hand, board numbers adopted from PGN, and the player list as PDF", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await createEvent(page, unique("Manual"));
  await createTournament(page, "Blitz", "SWISS", 3);
  const tournamentUrl = page.url();
  await importPlayers(page, 4);

  const pdfHref = await page.getByRole("link", { name: en.players.pdf }).getAttribute("href");
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.goto(`${tournamentUrl}?tab=rounds`);
  await page.getByText("Import pairings for round 1").click();
  await page.getByLabel(/One board per line: board;white;black/).fill("1;1;3\n2;4;4");
  await page.getByRole("button", { name: en.rounds.pairingsImport.submit }).click();
  await expect(page.getByText("Line 2: player 4 is paired twice.")).toBeVisible();
  await page.getByLabel(/One board per line: board;white;black/).fill("1;1;3\n2;4;2");
  await page.getByRole("button", { name: en.rounds.pairingsImport.submit }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Round 1");
  await expect.poll(() => boardNumbers(page)).toEqual(["(1)-(3)", "(4)-(2)"]);

  const pgn = `[White "Player A"]\n[Black "Player C"]\n[Board "2"]\n[Result "1-0"]\n\n1. d4 d5 1-0\n\n[White "Player D"]\n[Black "Player B"]\n[Board "1"]\n[Result "0-1"]\n\n1. c4 e5 0-1\n`;
  await page.getByText(en.rounds.import.title).click();
  await page.getByLabel(en.rounds.import.file).setInputFiles({ name: "r1.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from(pgn) });
  await page.getByLabel(en.rounds.import.adoptBoards).check();
  await page.getByRole("button", { name: en.rounds.import.submit }).click();
  await expect(page.getByRole("status")).toHaveText("2 games imported.");
  await expect.poll(() => boardNumbers(page)).toEqual(["(4)-(2)", "(1)-(3)"]);
});

test("an empty event or tournament name gets its message, with JavaScript as without", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await page.goto("/webapp/createEvent");
  await page.getByRole("button", { name: en.events.create }).click();
  await expect(page.getByText(en.events.nameRequired)).toBeVisible();
  await createEvent(page, unique("Empty names"));
  await page.getByText(en.tournaments.create, { exact: true }).first().click();
  await page.getByRole("button", { name: en.tournaments.create }).click();
  await expect(page.getByText(en.tournaments.nameRequired)).toBeVisible();
  await page.goto("/webapp/createTournament");
  await page.getByRole("button", { name: en.tournaments.create }).click();
  await expect(page.getByText(en.tournaments.nameRequired)).toBeVisible();
});

test("a round's pairings print on a page of their own; removing pairings asks for a confirmation first", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD);
  await createEvent(page, unique("Print"));
  await createTournament(page, "Print-Open", "SWISS", 5);
  await importPlayers(page, 6);
  await page.getByRole("link", { name: "Print-Open" }).click();
  await page.getByRole("button", { name: "Draw pairings for round 1" }).click();
  await expect(page).toHaveURL(/\/webapp\/round\/\d+\/\d+\/1$/);
  const roundUrl = page.url();

  await page.getByRole("link", { name: en.rounds.printable }).click();
  await expect(page).toHaveURL(/\/webapp\/tournament\/pairings\/\d+\/\d+\/1$/);
  await expect(page).toHaveTitle("Round 1 – Print-Open – Kiebitz");
  await expect(page.locator("table.print-table tbody tr")).toHaveCount(3);

  // without the confirmation nothing is removed (the browser asks for the checkbox; the server insists too)
  const unconfirmed = await page.request.post(roundUrl, { form: { intent: "remove" } });
  expect(unconfirmed.status()).toBe(400);
  await page.goto(roundUrl);
  await expect(page.locator("table.pairings tbody tr")).toHaveCount(3);
  await page.getByLabel(en.rounds.removeConfirm).check();
  await page.getByRole("button", { name: en.rounds.remove }).click();
  await expect(page.getByRole("status")).toHaveText(en.notice.pairingsRemoved);
});

test("a tournament created in the German interface writes its moves in German notation", async ({ page }) => {
  await signIn(page, await createUser("User", PASSWORD), PASSWORD, "/de");
  await page.goto("/de/webapp/createEvent");
  const name = unique("Notation");
  await page.getByLabel(de.events.name).fill(name);
  await page.getByRole("button", { name: de.events.create }).click();
  await page.getByText(de.tournaments.create, { exact: true }).first().click();
  await page.getByLabel(de.tournaments.name).fill("Gruppe A");
  await page.getByRole("button", { name: de.tournaments.create }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gruppe A");
  await page.getByRole("link", { name: de.tournaments.tab.settings }).click();
  await expect(page.getByLabel(de.tournaments.notation)).toHaveValue("DE");
});
