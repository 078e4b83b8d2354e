import { describe, expect, it } from "vitest";
import { message, readMessage } from "./messages";

describe("messages with values", () => {
  it("carries a key and its values and reads them back", () => {
    expect(readMessage(message("auth.tooManyAttempts", { minutes: 15 }))).toEqual({ key: "auth.tooManyAttempts", values: { minutes: 15 } });
    expect(readMessage("validation.required")).toEqual({ key: "validation.required" });
    expect(readMessage("x::{broken")).toEqual({ key: "x" });
  });
});
