import { describe, expect, it } from "vitest";
import { withoutNul } from "./nul";

describe("withoutNul", () => {
  it("leaves NUL out of every string of a query's arguments, nested in objects and arrays", () => {
    const args = { data: { name: "Nul\u0000Open", site: "Ham\u0000burg", players: { create: [{ name: "A\u0000nna", elo: 2100 }] } }, where: { slug: { in: ["\u0000", "ok"] } } };
    expect(withoutNul(args)).toEqual({ data: { name: "NulOpen", site: "Hamburg", players: { create: [{ name: "Anna", elo: 2100 }] } }, where: { slug: { in: ["", "ok"] } } });
  });

  it("returns the same arguments where no string holds NUL, and keeps dates and bytes as they are", () => {
    const when = new Date(0);
    const bytes = new Uint8Array([0, 1, 0]);
    const args = { data: { name: "Open", created: when, image: bytes, rounds: [1, 2] } };
    expect(withoutNul(args)).toBe(args);
    const stripped = withoutNul({ data: { name: "\u0000", created: when, image: bytes } });
    expect(stripped.data.created).toBe(when);
    expect(stripped.data.image).toBe(bytes);
  });
});
