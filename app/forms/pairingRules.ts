import { z } from "zod";
import { MAX_ROUNDS } from "~/lib/limits";

/** Forms of the pairing-rules page (Swiss): acceleration, forbidden pairs, announced absences. Messages are translation keys. */
export const ACCELERATIONS = ["NONE", "BAKU"] as const;
export const ABSENCE_KINDS = ["HALF_POINT", "ZERO_POINT"] as const;

const id = z.coerce.number({ error: "validation.required" }).int("validation.required").min(1, "validation.required").max(2 ** 31 - 1, "validation.required");

export const accelerationSchema = z.object({ intent: z.literal("acceleration"), acceleration: z.enum(ACCELERATIONS) });

export const forbiddenPairSchema = z
  .object({ intent: z.literal("forbid"), first: id, second: id })
  .refine((pair) => pair.first !== pair.second, { path: ["second"], message: "pairingRules.samePlayer" });

export const absenceSchema = z.object({
  intent: z.literal("absence"),
  player: id,
  round: z.coerce.number({ error: "validation.number" }).int("validation.number").min(1, "validation.number").max(MAX_ROUNDS, "validation.number"),
  kind: z.enum(ABSENCE_KINDS).default("HALF_POINT"),
});

export const removeRuleSchema = z.object({ intent: z.enum(["unforbid", "removeAbsence"]), id });
