import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressParts, gzipWith } from "./gzipParts";

/** A cached page sent compressed with each response's own nonce must unpack to exactly that page. */
describe("gzipWith", () => {
  const page = (nonce: string) => `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${"<tr><td>Player</td><td>1½</td></tr>".repeat(2000)}<script nonce="${nonce}">window.x=1</script></body></html>`;
  const split = (text: string, nonce: string) => text.split(nonce).map((part) => Buffer.from(part));

  it("unpacks to the page with the response's nonce, whatever the nonce", () => {
    const kept = compressParts(split(page("RENDERED-NONCE-AAAAAAAA=="), "RENDERED-NONCE-AAAAAAAA=="), "RENDERED-NONCE-AAAAAAAA==");
    // same length as the rendered one (the checksum carried over), and other lengths (taken anew)
    for (const nonce of ["BcJkuN55nwtcq+tvjlH6RA==", "RENDERED-NONCE-AAAAAAAA==", "x", "ÄÖÜ-nonce-with-multibyte"]) {
      const body = gzipWith(kept, nonce);
      expect(gunzipSync(body).toString()).toBe(page(nonce));
    }
  });

  it("is much smaller than the page", () => {
    const kept = compressParts(split(page("n1"), "n1"), "n1");
    expect(gzipWith(kept, "n2").length).toBeLessThan(Buffer.byteLength(page("n2")) / 10);
  });

  it("handles a page without the nonce, and nonces at its very start and end", () => {
    expect(gunzipSync(gzipWith(compressParts([Buffer.from("plain")], "yy"), "zz")).toString()).toBe("plain");
    const parts = split("NaNbN", "N");
    expect(parts.map(String)).toEqual(["", "a", "b", ""]);
    expect(gunzipSync(gzipWith(compressParts(parts, "N"), "Q")).toString()).toBe("QaQbQ");
    expect(gunzipSync(gzipWith(compressParts(parts, "N"), "QQ")).toString()).toBe("QQaQQbQQ");
  });
});
