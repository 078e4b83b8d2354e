import { expect, test } from "@playwright/test";
import en from "../../locales/en/common.json" with { type: "json" };
import { createUser, signIn, sql, unique } from "./support";

/**
 * Live updates (issue 15): a result entered on one screen appears on the organiser's other open
 * round page without reloading it (the socket tells the page, the page reloads its data). Needs
 * JavaScript; without it the page shows the result when it is next loaded.
 */
const PASSWORD = "Live-Pass-1";

test("a result saved on one screen appears on the other open round page by itself", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "live updates need JavaScript");
  const email = await createUser("User", PASSWORD);
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Live Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $3) RETURNING id`, [user.id, name, name.replace(/ /g, "-")]);
  const [tournament] = await sql<{ id: number }>(`INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, last_updated) VALUES ($1, 'A', $2, 'A', 3, now()) RETURNING id`, [user.id, event.id]);
  const ids: number[] = [];
  for (let snr = 1; snr <= 4; snr++) ids.push((await sql<{ id: number }>(`INSERT INTO player (tournament_id, snr, name) VALUES ($1, $2, $3) RETURNING id`, [tournament.id, snr, `Player ${snr}`]))[0].id);
  const [round] = await sql<{ id: number }>(`INSERT INTO round (tournament_id, round) VALUES ($1, 1) RETURNING id`, [tournament.id]);
  await sql(`INSERT INTO game (tournament_id, round_id, round, board, white_id, black_id) VALUES ($1, $2, 1, 1, $3, $4), ($1, $2, 1, 2, $5, $6)`, [tournament.id, round.id, ids[0], ids[2], ids[3], ids[1]]);

  const context = await browser.newContext();
  const watching = await context.newPage();
  await signIn(watching, email, PASSWORD);
  const path = `/webapp/round/${event.id}/${tournament.id}/1`;
  await watching.goto(path);
  await watching.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const board1 = (page: typeof watching) => page.getByLabel(en.rounds.resultOfBoard.replace("{{board}}", "1"));
  await expect(board1(watching)).toHaveValue("UNSET");

  const entering = await context.newPage();
  await entering.goto(path);
  await board1(entering).selectOption("WHITE_WINS");
  await entering.getByRole("button", { name: en.rounds.saveResults }).click();

  await expect(board1(watching)).toHaveValue("WHITE_WINS");
  // the same page, not reloaded
  expect(await watching.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
  await context.close();
});
