import { z } from "zod";

/**
 * Field rules of spec §5, shared by every form. Messages are translation keys
 * (locales/en|de/common.json, section "validation"), so client and server show the same text.
 */
export const required = () => z.string({ error: "validation.required" }).trim().min(1, "validation.required");

export const email = () => required().max(254, "validation.email").pipe(z.email("validation.email"));

export const displayName = () =>
  required()
    .min(3, "validation.nameLength")
    .max(15, "validation.nameLength")
    .regex(/^[\p{L}\p{N} _]+$/u, "validation.nameCharacters");

export const newPassword = () =>
  z
    .string({ error: "validation.required" })
    .min(8, "validation.passwordShort")
    .max(200, "validation.tooLong")
    .refine(
      (value) => /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\d/.test(value) && /[^\p{L}\d\s]/u.test(value),
      "validation.passwordInsecure",
    );

/** Adds the "both passwords must match" rule to a form with password and passwordConfirmation. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; passwordConfirmation: z.ZodType<string> }>>(schema: T) {
  return schema.refine((value) => value.password === value.passwordConfirmation, {
    message: "validation.passwordMismatch",
    path: ["passwordConfirmation"],
  });
}
