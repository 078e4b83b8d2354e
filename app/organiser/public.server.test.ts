import { describe, expect, it } from "vitest";
import { checkGamesPassword, unlockStamp } from "./public.server";

describe("games password", () => {
  it("an unlock remembers the password it was made with: changing the password ends earlier unlocks", () => {
    const unlocked = [unlockStamp(7, "secret")];
    expect(unlocked.includes(unlockStamp(7, "secret"))).toBe(true);
    expect(unlocked.includes(unlockStamp(7, "changed"))).toBe(false);
    expect(unlocked.includes(unlockStamp(8, "secret"))).toBe(false);
    expect(checkGamesPassword("secret", "secret")).toBe(true);
    expect(checkGamesPassword(null, "")).toBe(true);
  });
});
