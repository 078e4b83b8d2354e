import { z } from "zod";
import { TIEBREAKS } from "./tiebreaks";

/**
 * The product's own tournament file (spec §3 "import from a tournament file"): version,
 * participants, rounds, tournament mode, tiebreak codes 0–16, pseudo rating and TWZ setting,
 * as versioned JSON. `tournamentFileSchema` is the schema; errors name the field.
 */
export const TOURNAMENT_FILE_FORMAT = "kiebitz-tournament";
export const TOURNAMENT_FILE_VERSION = 1;

const result = z.enum(["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "*"]);

const participant = z.object({
  startRank: z.number().int().min(1),
  name: z.string().trim().min(1).max(100),
  title: z.string().max(4).optional(),
  fideId: z.string().regex(/^\d{1,11}$/).optional(),
  elo: z.number().int().min(0).max(3500).optional(),
  nwz: z.number().int().min(0).max(3500).optional(),
  club: z.string().max(100).optional(),
  country: z.string().max(3).optional(),
  active: z.boolean().default(true),
  team: z.string().max(100).optional(),
});

const round = z.object({
  round: z.number().int().min(1),
  games: z.array(
    z.object({
      board: z.number().int().min(1),
      white: z.number().int().min(1),
      black: z.number().int().min(1).nullable(),
      result,
    }),
  ),
});

export const tournamentFileSchema = z
  .object({
    format: z.literal(TOURNAMENT_FILE_FORMAT),
    version: z.literal(TOURNAMENT_FILE_VERSION),
    name: z.string().trim().min(1).max(100),
    form: z.enum(["SINGLE_PLAYER", "TEAM"]).default("SINGLE_PLAYER"),
    mode: z.enum(["SWISS", "ROUND_ROBIN", "KNOCKOUT", "SCHEVENINGEN"]),
    plannedRounds: z.number().int().min(1).max(99).optional(),
    tiebreaks: z.array(z.number().int().min(0).max(16)).max(3).default([]),
    pseudoRating: z.number().int().min(0).max(3500).optional(),
    twz: z.enum(["ELO_BEFORE_NWZ", "NWZ_BEFORE_ELO", "ELO_OR_NWZ"]).default("ELO_BEFORE_NWZ"),
    participants: z.array(participant),
    rounds: z.array(round).default([]),
  })
  .superRefine((file, ctx) => {
    const ranks = new Set<number>();
    file.participants.forEach((p, i) => {
      if (ranks.has(p.startRank)) ctx.addIssue({ code: "custom", path: ["participants", i, "startRank"], message: `start rank ${p.startRank} appears twice` });
      ranks.add(p.startRank);
    });
    file.rounds.forEach((r, i) => {
      const seen = new Set<number>();
      r.games.forEach((g, j) => {
        for (const id of [g.white, g.black]) {
          if (id === null) continue;
          if (!ranks.has(id)) ctx.addIssue({ code: "custom", path: ["rounds", i, "games", j], message: `player ${id} is not a participant` });
          if (seen.has(id)) ctx.addIssue({ code: "custom", path: ["rounds", i, "games", j], message: `player ${id} plays twice in round ${r.round}` });
          seen.add(id);
        }
      });
    });
  });

export type TournamentFile = z.output<typeof tournamentFileSchema>;

export function tiebreakCodes(names: readonly string[]): number[] {
  return names.map((name) => TIEBREAKS.indexOf(name as (typeof TIEBREAKS)[number])).filter((code) => code > 0);
}

/** Reads a tournament file; every problem is reported with the field it concerns. Nothing is returned half-read. */
export function readTournamentFile(text: string): { ok: true; value: TournamentFile } | { ok: false; errors: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not JSON: ${(error as Error).message}`] };
  }
  const parsed = tournamentFileSchema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: parsed.error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`) };
}

export function writeTournamentFile(file: TournamentFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
