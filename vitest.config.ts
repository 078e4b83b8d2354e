import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "worker/**/*.test.ts", "workflows/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { APP_ENV: "test" },
    // vitest's default leaves a core free: on the 2-core CI machines the files then ran one at a time (531 s here);
    // two at once took 350 s, the long integration files (services, the reader) waiting on I/O as much as on a core
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
