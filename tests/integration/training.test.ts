import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverDatabase, type TestDatabase } from "./databases";

/**
 * `npm run train -- --with-corrections` on an installation's database: with too few reviewed boxes it
 * says so and writes no weights (a whole fine-tuning run is measured by npm run bench:corrections).
 */
let test: TestDatabase;
let out: string;

beforeAll(async () => {
  test = await serverDatabase();
  out = mkdtempSync(path.join(tmpdir(), "kiebitz-train-"));
});

afterAll(async () => {
  await test?.close();
  rmSync(out, { recursive: true, force: true });
});

describe("fine-tuning on reviewed boxes", () => {
  it("stops with a clear message and writes nothing while no games were reviewed", async () => {
    const run = spawnSync("npx", ["tsx", "worker/train/train.ts", "--with-corrections", "--out", path.join(out, "weights")], {
      env: { ...process.env, DATABASE_URL: test.url },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("0 reviewed boxes (0 corrected) on 0 sheets");
    expect(run.stderr).toContain("Too few reviewed boxes to fine-tune and measure");
    expect(existsSync(path.join(out, "weights"))).toBe(false);
  }, 60_000);
});
