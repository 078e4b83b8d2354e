import { z } from "zod";
import { OPTIONAL_COOKIES } from "~/lib/consent";

/** The cookie banner's and settings' form: what was chosen, and the page to go back to. */
export const consentSchema = z.object({
  intent: z.enum(["accept", "decline", "save"]),
  optional: z.array(z.enum(OPTIONAL_COOKIES as [string, ...string[]])).max(OPTIONAL_COOKIES.length).default([]),
  redirectTo: z.string().max(2000).optional(),
});
