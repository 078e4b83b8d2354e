import { z } from "zod";
import { displayName, email, newPassword, required, withConfirmation } from "./fields";

/** The bot check's fields (components/BotCheck): a proof-of-work, or a CAPTCHA without JavaScript, and the honeypot. */
const botCheckFields = {
  altcha: z.string().max(2000).optional(),
  captchaId: z.string().max(100).optional(),
  captcha: z.string().trim().max(20).optional(),
  website: z.string().max(200).optional(),
};

export const signUpSchema = withConfirmation(
  z.object({
    email: email(),
    username: displayName(),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
    eula: z.boolean({ error: "validation.eulaRequired" }).refine((value) => value, "validation.eulaRequired"),
    registrationCode: required().max(100, "validation.tooLong"),
    ...botCheckFields,
  }),
);

export const signInSchema = z.object({
  email: email(),
  password: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
  redirectTo: z.string().max(2000).optional(),
});

export const forgotPasswordSchema = z.object({ email: email() });

export const resetPasswordSchema = withConfirmation(
  z.object({
    code: required(),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
  }),
);

export const changeNameSchema = z.object({ intent: z.literal("changeName"), username: displayName() });

export const changePasswordSchema = withConfirmation(
  z.object({
    intent: z.literal("changePassword"),
    currentPassword: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
    password: newPassword(),
    passwordConfirmation: z.string({ error: "validation.required" }).max(200, "validation.tooLong"),
  }),
);

export const deleteAccountSchema = z.object({ intent: z.literal("deleteAccount") });

export const confirmDeletionSchema = z.object({ code: required() });

export const contactSchema = z.object({
  email: email(),
  name: required().min(2, "validation.minTwoLetters").max(100, "validation.tooLong"),
  subject: required().max(120, "validation.tooLong"),
  message: required().max(5000, "validation.tooLong"),
  ...botCheckFields,
});

export const newsletterSchema = z.object({ email: email(), ...botCheckFields });

/** The token of a newsletter link (confirm, unsubscribe). */
export const newsletterTokenSchema = z.object({ token: z.string().min(16).max(64).regex(/^[\w-]+$/) });
