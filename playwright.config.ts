import { defineConfig } from "@playwright/test";

export const E2E_PORT = 3100;

/** End-to-end tests in Debian's Chromium, each spec once with JavaScript and once without. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  // a page waits for its answer while the server's reader thread may be reading sheets of earlier tests on the same
  // 2 cores: 10 s rather than 5 for what the page shows next (a wait limit, not a measure of speed)
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true } },
    { name: "no-javascript", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "tsx tests/e2e/server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
