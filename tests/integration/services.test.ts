import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onFreePorts, startService } from "./services";

describe("services started on free ports", () => {
  const marks = mkdtempSync(path.join(tmpdir(), "kiebitz-ports-"));
  afterAll(() => rmSync(marks, { recursive: true, force: true }));

  it("starts again on fresh ports a service that ended before its port answered, as when another process took the port", async () => {
    const first = path.join(marks, "first-attempt");
    // ends at once on its first start (as a service whose port was taken does), serves on later ones
    const script = `const fs = require("fs"); if (!fs.existsSync(${JSON.stringify(first)})) { fs.writeFileSync(${JSON.stringify(first)}, ""); process.exit(1); } require("net").createServer().listen(Number(process.argv[1]), "127.0.0.1");`;
    const attempts: number[] = [];
    const service = await onFreePorts(1, ([port]) => {
      attempts.push(port);
      return startService(process.execPath, port, () => ["-e", script, String(port)]);
    });
    try {
      expect(existsSync(first)).toBe(true);
      expect(attempts).toHaveLength(2);
      expect(service.port).toBe(attempts[1]);
    } finally {
      await service.stop();
    }
  });

  it("gives up after three starts that each end at once, with the service's own message", async () => {
    let attempts = 0;
    const started = onFreePorts(1, ([port]) => {
      attempts++;
      return startService(process.execPath, port, () => ["-e", "process.exit(3)"]);
    });
    await expect(started).rejects.toThrow(/ended \(3\) before port \d+ answered/);
    expect(attempts).toBe(3);
  });
});
