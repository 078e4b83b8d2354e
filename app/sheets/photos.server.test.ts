import { describe, expect, it } from "vitest";
import { cachedPage } from "./photos.server";

describe("page images for crops", () => {
  it("are fetched from the storage once for the many crops of a review, and a failed fetch is tried again", async () => {
    const fetched: string[] = [];
    let failNext = true;
    const storage = {
      async get(key: string) {
        fetched.push(key);
        if (key === "pages/flaky" && failNext) {
          failNext = false;
          throw new Error("storage away");
        }
        return Buffer.from(key);
      },
    };
    for (let i = 0; i < 40; i++) expect((await cachedPage(storage, "pages/a")).toString()).toBe("pages/a");
    expect(fetched).toEqual(["pages/a"]);
    await expect(cachedPage(storage, "pages/flaky")).rejects.toThrow("storage away");
    expect((await cachedPage(storage, "pages/flaky")).toString()).toBe("pages/flaky");
    expect(fetched).toEqual(["pages/a", "pages/flaky", "pages/flaky"]);
  });
});
