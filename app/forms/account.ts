import { z } from "zod";
import { displayName, email, newPassword, required, withConfirmation } from "./fields";

export const signUpSchema = withConfirmation(
  z.object({
    email: email(),
    username: displayName(),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }),
    eula: z.boolean({ error: "validation.eulaRequired" }).refine((value) => value, "validation.eulaRequired"),
    registrationCode: required(),
    captchaId: required(),
    captcha: required(),
  }),
);

export const signInSchema = z.object({
  email: email(),
  password: z.string({ error: "validation.required" }),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: email() });

export const resetPasswordSchema = withConfirmation(
  z.object({
    code: required(),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }),
  }),
);

export const changeNameSchema = z.object({ intent: z.literal("changeName"), username: displayName() });

export const changePasswordSchema = withConfirmation(
  z.object({
    intent: z.literal("changePassword"),
    currentPassword: z.string({ error: "validation.required" }),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }),
  }),
);

export const deleteAccountSchema = z.object({ intent: z.literal("deleteAccount") });

export const confirmDeletionSchema = z.object({ code: required() });

export const contactSchema = z.object({
  email: email(),
  name: required().min(2, "validation.minTwoLetters"),
  subject: required().max(120, "validation.tooLong"),
  message: required().max(5000, "validation.tooLong"),
});
