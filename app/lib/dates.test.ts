import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("dates as spec §9", () => {
  const afternoon = new Date("2026-03-07T15:05:00Z");
  it("writes German dates as dd.mm.yyyy with 24-hour time", () => {
    expect(formatDateTime(afternoon, "de")).toBe("07.03.2026, 15:05");
    expect(formatDate(afternoon, "de")).toBe("07.03.2026");
  });
  it("writes English dates with the long month and 12-hour time", () => {
    expect(formatDateTime(afternoon, "en")).toBe("March 7, 2026 at 3:05 PM");
    expect(formatDate(afternoon, "en")).toBe("March 7, 2026");
  });
});
