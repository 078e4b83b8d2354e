import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import sharp from "sharp";
import en from "../../locales/en/common.json" with { type: "json" };
import { roundSheets } from "../../worker/synth/round";
import { createUser, signIn, sql, unique } from "./support";

/**
 * The scanning app's live camera (issue 15) with Chromium's fake camera playing a photographed
 * synthetic sheet: the page says when the four corner markers are in view, and the photo it takes
 * arrives in the tournament.
 */
const PASSWORD = "Camera-Pass-1";

/** A one-frame Y4M video (what Chromium's fake camera plays) of an image. */
async function y4m(image: Buffer, file: string) {
  const width = 480;
  const height = 640;
  const { data } = await sharp(image).resize(width, height, { fit: "contain", background: "#ffffff" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = 3 * (row * width + col);
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (width / 2) + col / 2;
        u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]));
}

test("the live camera sees the sheet's corner markers and its photo arrives in the tournament", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the live camera needs JavaScript");
  const email = await createUser("User", PASSWORD);
  await signIn(page, email, PASSWORD);
  const [user] = await sql<{ id: number }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
  const name = unique("Camera Open");
  const [event] = await sql<{ id: number }>(`INSERT INTO tournament_group (creator, name, slug) VALUES ($1, $2, $3) RETURNING id`, [user.id, name, name.replace(/ /g, "-")]);
  const [tournament] = await sql<{ id: number }>(`INSERT INTO tournament (creator, name, tournament_group, slug, planned_rounds, last_updated) VALUES ($1, 'Open A', $2, 'Open-A', 5, now()) RETURNING id`, [user.id, event.id]);
  await page.goto(`/webapp/tournament/${event.id}/${tournament.id}?tab=devices`);
  await page.getByRole("button", { name: en.devices.createCode }).click();
  const code = (await page.locator("code.connection-code").first().textContent())!;

  const folder = mkdtempSync(path.join(tmpdir(), "kiebitz-e2e-camera-"));
  const [sheet] = await roundSheets({ seed: 21, round: 1, boards: 1 });
  const video = path.join(folder, "sheet.y4m");
  await y4m(sheet.photos[0], video);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL, permissions: ["camera"] });
  const arbiter = await phone.newPage();
  await arbiter.goto(`/connect/${code}`);
  await arbiter.getByLabel(en.scan.name).fill("Camera phone");
  await arbiter.getByRole("button", { name: en.scan.connect }).click();
  await expect(arbiter.getByRole("heading", { level: 2 })).toHaveText("Open A");
  await arbiter.getByLabel(en.sheets.consent).check();
  await arbiter.getByRole("button", { name: en.scan.camera.open }).click();
  await expect(arbiter.getByText(en.scan.camera.inFrame)).toBeVisible({ timeout: 15_000 });
  await arbiter.getByRole("button", { name: en.scan.camera.take }).click();
  await expect(arbiter.locator(".scan-sheets li").filter({ hasText: /camera-.*\.jpg/ })).toBeVisible();
  const [stored] = await sql<{ n: string }>(`SELECT count(*) AS n FROM sheet_image_entry WHERE tournament_id = $1`, [tournament.id]);
  expect(Number(stored.n)).toBe(1);
  await browser.close();
});
