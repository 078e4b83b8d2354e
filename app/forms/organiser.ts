import { z } from "zod";
import { MAX_PLAYERS, MAX_ROUNDS } from "~/lib/limits";
import { required } from "./fields";

/** Forms of the organiser's screens (spec §5): messages are translation keys. */
const optionalText = (max: number) => z.string().trim().max(max, "validation.tooLong").optional();
const optionalDate = z.coerce.date({ error: "validation.date" }).optional();
const optionalRating = z.coerce.number({ error: "validation.number" }).int("validation.number").min(0, "validation.number").max(3500, "validation.number").optional();

function withDateOrder<T extends z.ZodObject<{ startDate: typeof optionalDate; endDate: typeof optionalDate }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (value.startDate && value.endDate && value.startDate > value.endDate) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: "events.startBeforeEnd" });
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "events.endAfterStart" });
    }
  });
}

const eventFields = z.object({
  name: z.string({ error: "events.nameRequired" }).trim().min(1, "events.nameRequired").max(100, "validation.tooLong"),
  description: optionalText(2000),
  site: optionalText(100),
  startDate: optionalDate,
  endDate: optionalDate,
});

export const eventSchema = withDateOrder(eventFields);

export const TIEBREAK_CHOICES = ["NONE", "BUCHHOLZ", "MEDIAN_BUCHHOLZ", "SONNEBORN_BERGER", "AVERAGE_OPPONENT_RATING", "CUMULATIVE", "WINS", "DIRECT_ENCOUNTER", "RATING_PERFORMANCE"] as const;
export const MODES = ["SWISS", "ROUND_ROBIN", "KNOCKOUT", "SCHEVENINGEN"] as const;
export const TWZ = ["ELO_BEFORE_NWZ", "NWZ_BEFORE_ELO", "ELO_OR_NWZ"] as const;
export const VISIBILITIES = ["PRIVATE", "PUBLIC_WITHOUT_GAMES", "PUBLIC"] as const;
export const NOTATIONS = ["EN", "DE", "ES_IT", "FR", "PT", "CZ_SK", "NL", "TR"] as const;

const tournamentFields = z.object({
    name: z.string({ error: "tournaments.nameRequired" }).trim().min(1, "tournaments.nameRequired").max(100, "validation.tooLong"),
    form: z.enum(["SINGLE_PLAYER", "TEAM"]).default("SINGLE_PLAYER"),
    mode: z.enum(MODES).default("SWISS"),
    plannedRounds: z.coerce.number({ error: "validation.number" }).int("validation.number").min(1, "validation.number").max(MAX_ROUNDS, "validation.number"),
    tiebreak1: z.enum(TIEBREAK_CHOICES).default("NONE"),
    tiebreak2: z.enum(TIEBREAK_CHOICES).default("NONE"),
    tiebreak3: z.enum(TIEBREAK_CHOICES).default("NONE"),
    twzSetting: z.enum(TWZ).default("ELO_BEFORE_NWZ"),
    pseudoRating: optionalRating,
    startDate: optionalDate,
    endDate: optionalDate,
});

export const tournamentSchema = withDateOrder(tournamentFields);

export const tournamentSettingsSchema = withDateOrder(
  tournamentFields.extend({
    description: optionalText(2000),
    visibility: z.enum(VISIBILITIES).default("PRIVATE"),
    password: optionalText(100),
    maxPlayers: z.coerce.number({ error: "validation.number" }).int("validation.number").min(2, "validation.number").max(MAX_PLAYERS, "validation.number").optional(),
    thirdPlaceMatch: z.boolean().default(false),
    defaultNotationLanguage: z.enum(NOTATIONS).default("EN"),
    orderValue: z.coerce.number({ error: "validation.number" }).int("validation.number").min(0, "validation.number").max(10_000, "validation.number").default(0),
  }),
);

export const deleteByNameSchema = z.object({ confirmName: required() });

export const playerSchema = z.object({
  name: required().max(100, "validation.tooLong"),
  title: optionalText(4),
  fideId: z.string().trim().regex(/^\d{1,11}$/, "validation.number").optional(),
  elo: optionalRating,
  nwz: optionalRating,
  club: optionalText(100),
  country: optionalText(3),
  active: z.boolean().default(false),
});

/** A team with its members in board order, one per line: "Name" or "Name, rating". */
export const teamSchema = z.object({
  intent: z.literal("addTeam"),
  teamName: required().max(100, "validation.tooLong"),
  members: required()
    .max(100_000, "validation.tooLong")
    .refine((text) => text.split(/\r?\n/).filter((l) => l.trim()).length >= 1, "teams.noMembers")
    .refine((text) => parseMembers(text).every((member) => member.name.length <= 100), "teams.memberTooLong"),
});

export function parseMembers(text: string): { name: string; elo?: number; active: true }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?)[,;]\s*(\d{3,4})$/.exec(line);
      return match ? { name: match[1].trim(), elo: Number(match[2]), active: true as const } : { name: line, active: true as const };
    });
}

/** An event link (spec §5): a valid URL of at most 150 characters, a text of at most 50. */
const linkUrl = z
  .string()
  .trim()
  .max(150, "links.urlTooLong")
  .pipe(z.url({ protocol: /^https?$/, error: "links.urlInvalid" }));
const linkText = z.string().trim().max(50, "links.textTooLong");

export const linkSchema = z.object({ intent: z.literal("addLink"), linkUrl, linkText: linkText.optional() });

export const createEventSchema = withDateOrder(eventFields.extend({ linkUrl: linkUrl.optional(), linkText: linkText.optional() }));
