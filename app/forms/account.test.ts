import { describe, expect, it } from "vitest";
import { changeNameSchema, signUpSchema } from "./account";

const valid = {
  email: "anna@example.org",
  username: "Anna_K 2",
  password: "Secret-Pass1",
  passwordConfirmation: "Secret-Pass1",
  eula: true,
  registrationCode: "abc",
  captchaId: "id",
  captcha: "xyz",
};

function errors(input: Record<string, unknown>) {
  const result = signUpSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("sign-up rules of spec §5", () => {
  it("accepts a complete, valid form", () => {
    expect(errors(valid)).toEqual({});
  });
  it("requires every field, with 'Required' (the bot check is the server's: a proof-of-work or a CAPTCHA)", () => {
    expect(errors({ ...valid, registrationCode: undefined, captcha: undefined })).toEqual({
      registrationCode: "validation.required",
    });
  });
  it("needs a valid e-mail address", () => {
    expect(errors({ ...valid, email: "anna@" })).toEqual({ email: "validation.email" });
  });
  it("needs a password of 8 or more with upper, lower, digit and special character, confirmed", () => {
    expect(errors({ ...valid, password: "Ab1!", passwordConfirmation: "Ab1!" })).toEqual({ password: "validation.passwordShort" });
    for (const weak of ["secret-pass1", "SECRET-PASS1", "Secret-Pass", "SecretPass1"]) {
      expect(errors({ ...valid, password: weak, passwordConfirmation: weak })).toEqual({ password: "validation.passwordInsecure" });
    }
    expect(errors({ ...valid, passwordConfirmation: "Secret-Pass2" })).toEqual({ passwordConfirmation: "validation.passwordMismatch" });
  });
  it("needs a display name of 3 to 15 letters, digits, spaces or underscores", () => {
    expect(errors({ ...valid, username: "Jo" })).toEqual({ username: "validation.nameLength" });
    expect(errors({ ...valid, username: "A".repeat(16) })).toEqual({ username: "validation.nameLength" });
    expect(errors({ ...valid, username: "Anna-K" })).toEqual({ username: "validation.nameCharacters" });
    expect(errors({ ...valid, username: "Jürgen Ä" })).toEqual({});
    expect(changeNameSchema.safeParse({ intent: "changeName", username: "   " }).success).toBe(false);
  });
  it("needs the EULA agreement", () => {
    expect(errors({ ...valid, eula: undefined })).toEqual({ eula: "validation.eulaRequired" });
    expect(errors({ ...valid, eula: false })).toEqual({ eula: "validation.eulaRequired" });
  });
});
