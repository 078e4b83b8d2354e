import { z } from "zod";
import { MAX_PLAYERS, MAX_RATING, MAX_REPORTED_ERRORS, MAX_ROUNDS, MIN_RATING } from "~/lib/limits";
import { TIEBREAKS } from "./tiebreaks";

/**
 * The product's own tournament file (spec §3 "import from a tournament file"): version,
 * participants, rounds, tournament mode, tiebreak codes 0–16, pseudo rating and TWZ setting,
 * as versioned JSON. `tournamentFileSchema` is the schema; errors name the field.
 */
export const TOURNAMENT_FILE_FORMAT = "kiebitz-tournament";
export const TOURNAMENT_FILE_VERSION = 1;

const result = z.enum(["1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "*"]);

const startRank = z.number().int().min(1).max(MAX_PLAYERS);

const participant = z.object({
  startRank,
  name: z.string().trim().min(1).max(100),
  title: z.string().max(4).optional(),
  fideId: z.string().regex(/^\d{1,11}$/).optional(),
  elo: z.number().int().min(MIN_RATING).max(MAX_RATING).optional(),
  nwz: z.number().int().min(MIN_RATING).max(MAX_RATING).optional(),
  club: z.string().max(100).optional(),
  country: z.string().max(3).optional(),
  active: z.boolean().default(true),
  team: z.string().max(100).optional(),
});

const round = z.object({
  round: z.number().int().min(1).max(MAX_ROUNDS),
  games: z
    .array(
      z.object({
        board: z.number().int().min(1).max(MAX_PLAYERS),
        white: z.number().int().min(1).max(MAX_PLAYERS),
        black: z.number().int().min(1).max(MAX_PLAYERS).nullable(),
        result,
      }),
    )
    .max(MAX_PLAYERS),
});

export const tournamentFileSchema = z
  .object({
    format: z.literal(TOURNAMENT_FILE_FORMAT),
    version: z.literal(TOURNAMENT_FILE_VERSION),
    name: z.string().trim().min(1).max(100),
    form: z.enum(["SINGLE_PLAYER", "TEAM"]).default("SINGLE_PLAYER"),
    mode: z.enum(["SWISS", "ROUND_ROBIN", "KNOCKOUT", "SCHEVENINGEN"]),
    plannedRounds: z.number().int().min(1).max(MAX_ROUNDS).optional(),
    tiebreaks: z.array(z.number().int().min(0).max(16)).max(3).default([]),
    pseudoRating: z.number().int().min(0).max(3500).optional(),
    twz: z.enum(["ELO_BEFORE_NWZ", "NWZ_BEFORE_ELO", "ELO_OR_NWZ"]).default("ELO_BEFORE_NWZ"),
    participants: z.array(participant).max(MAX_PLAYERS),
    rounds: z.array(round).max(MAX_ROUNDS).default([]),
    /** Swiss pairing rules: Baku acceleration, players who must not meet, announced byes */
    acceleration: z.enum(["NONE", "BAKU"]).default("NONE"),
    forbiddenPairs: z.array(z.tuple([startRank, startRank])).max(1000).default([]),
    absences: z.array(z.object({ startRank, round: z.number().int().min(1).max(MAX_ROUNDS), kind: z.enum(["HALF_POINT", "ZERO_POINT"]) })).max(100_000).default([]),
  })
  .superRefine((file, ctx) => {
    const planned = file.plannedRounds ?? MAX_ROUNDS;
    const numbers = new Set<number>();
    file.rounds.forEach((r, i) => {
      if (r.round > planned) ctx.addIssue({ code: "custom", path: ["rounds", i, "round"], message: `round ${r.round} is after the last planned round ${planned}` });
      if (numbers.has(r.round)) ctx.addIssue({ code: "custom", path: ["rounds", i, "round"], message: `round ${r.round} appears twice` });
      numbers.add(r.round);
      const boards = new Set<number>();
      r.games.forEach((g, j) => {
        if (g.board > file.participants.length) ctx.addIssue({ code: "custom", path: ["rounds", i, "games", j, "board"], message: `board ${g.board}: more boards than players` });
        if (boards.has(g.board)) ctx.addIssue({ code: "custom", path: ["rounds", i, "games", j, "board"], message: `board ${g.board} appears twice in round ${r.round}` });
        boards.add(g.board);
      });
    });
    const ranks = new Set<number>();
    file.participants.forEach((p, i) => {
      if (ranks.has(p.startRank)) ctx.addIssue({ code: "custom", path: ["participants", i, "startRank"], message: `start rank ${p.startRank} appears twice` });
      ranks.add(p.startRank);
    });
    file.forbiddenPairs.forEach((pair, i) => {
      for (const id of pair) if (!ranks.has(id)) ctx.addIssue({ code: "custom", path: ["forbiddenPairs", i], message: `player ${id} is not a participant` });
      if (pair[0] === pair[1]) ctx.addIssue({ code: "custom", path: ["forbiddenPairs", i], message: "two different players expected" });
    });
    const absent = new Set<string>();
    file.absences.forEach((a, i) => {
      if (!ranks.has(a.startRank)) ctx.addIssue({ code: "custom", path: ["absences", i], message: `player ${a.startRank} is not a participant` });
      if (absent.has(`${a.startRank}:${a.round}`)) ctx.addIssue({ code: "custom", path: ["absences", i], message: `player ${a.startRank} is absent twice in round ${a.round}` });
      absent.add(`${a.startRank}:${a.round}`);
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
  const { issues } = parsed.error;
  const errors = issues.slice(0, MAX_REPORTED_ERRORS).map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`);
  if (issues.length > MAX_REPORTED_ERRORS) errors.push(`… and ${issues.length - MAX_REPORTED_ERRORS} more errors`);
  return { ok: false, errors };
}

export function writeTournamentFile(file: TournamentFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
