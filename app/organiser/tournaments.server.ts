import { publish } from "~/live/bus.server";
import type { Db } from "~/db/client.server";
import type { Prisma, Tournament } from "~/generated/prisma/client";
import { renumberPlayers } from "./players.server";
import { rememberFormerSlug, tournamentSlug } from "./slugs.server";

type TournamentFields = {
  name: string;
  form: "SINGLE_PLAYER" | "TEAM";
  mode: "SWISS" | "ROUND_ROBIN" | "KNOCKOUT" | "SCHEVENINGEN";
  plannedRounds: number;
  tiebreak1: string;
  tiebreak2: string;
  tiebreak3: string;
  twzSetting: "ELO_BEFORE_NWZ" | "NWZ_BEFORE_ELO" | "ELO_OR_NWZ";
  pseudoRating?: number;
  startDate?: Date;
  endDate?: Date;
};

/** Form values → tournament columns (the three tiebreaks in their order). */
export function tournamentData({ tiebreak1, tiebreak2, tiebreak3, ...rest }: TournamentFields) {
  return {
    ...rest,
    pseudoRating: rest.pseudoRating ?? null,
    tiebreakScoreFirst: tiebreak1 as Tournament["tiebreakScoreFirst"],
    tiebreakScoreSecond: tiebreak2 as Tournament["tiebreakScoreFirst"],
    tiebreakScoreThird: tiebreak3 as Tournament["tiebreakScoreFirst"],
  };
}

/** Creates a tournament; its moves are written in the notation of the organiser's interface language until changed. */
export async function createTournament(db: Db, event: { id: number; creatorId: number }, fields: TournamentFields, language: "en" | "de" = "en") {
  const order = await db.tournament.count({ where: { eventId: event.id } });
  const slug = await tournamentSlug(db, event.id, fields.name);
  const defaultNotationLanguage = language === "de" ? "DE" : "EN";
  return db.tournament.create({ data: { ...tournamentData(fields), slug, defaultNotationLanguage, eventId: event.id, creatorId: event.creatorId, orderValue: order } });
}

/** Saves settings; before the first round the participants are re-sorted by the (new) rating rules. */
export async function updateTournament(db: Db, tournament: Tournament, data: Prisma.TournamentUncheckedUpdateInput) {
  await db.$transaction(async (tx) => {
    const slug = typeof data.name === "string" ? await tournamentSlug(tx, tournament.eventId, data.name, tournament.id) : undefined;
    const updated = await tx.tournament.update({ where: { id: tournament.id }, data: { ...data, slug } });
    await rememberFormerSlug(tx, tournament.eventId, tournament.id, tournament.slug, slug);
    if ((await tx.round.count({ where: { tournamentId: tournament.id } })) === 0) await renumberPlayers(tx, updated);
  });
  publish({ tournamentId: tournament.id, kind: "settings" });
}
