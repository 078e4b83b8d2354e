/** A thread for thread.test.ts: answers with the largest its young generation's new space grows to (MB). */
import { getHeapSpaceStatistics } from "node:v8";
import { serveThread } from "~/lib/thread.server";

serveThread(() => {
  // objects kept alive grow the new space to its largest before they are promoted
  const kept: object[] = [];
  let largest = 0;
  for (let i = 0; i < 3_000_000; i++) {
    kept.push({ i });
    if (i % 100_000 === 0) largest = Math.max(largest, getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!.space_size);
  }
  return largest / 2 ** 20;
});
