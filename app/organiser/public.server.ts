import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "~/db/client.server";
import { absencesOf } from "./pairingRules.server";
import { teamsOf } from "./teams.server";
import type { Snapshot } from "./publicViews.server";
import type { ViewGrant } from "./viewCodes.server";

/**
 * What visitors see (spec §6): events and tournaments that are public; games only when the
 * tournament is fully public, and behind its games password when it has one.
 */
const PUBLIC = { in: ["PUBLIC", "PUBLIC_WITHOUT_GAMES"] } as { in: ("PUBLIC" | "PUBLIC_WITHOUT_GAMES")[] };

export async function publicEvent(db: Db, where: { id: number } | { slug: string }, { evenWithoutTournaments = false } = {}) {
  const event = await db.event.findUnique({ where, include: { links: { orderBy: { id: "asc" } } } });
  if (!event) return null;
  const tournaments = await db.tournament.findMany({
    where: { eventId: event.id, visibility: PUBLIC },
    orderBy: [{ orderValue: "asc" }, { id: "asc" }],
    select: { id: true, name: true, slug: true, mode: true, form: true, startDate: true, endDate: true, _count: { select: { players: true } } },
  });
  if (!tournaments.length && !evenWithoutTournaments) return null;
  const paired = await db.game.groupBy({ by: ["tournamentId"], where: { tournamentId: { in: tournaments.map((t) => t.id) } }, _max: { round: true } });
  const rounds = new Map(paired.map((p) => [p.tournamentId, p._max.round ?? 0]));
  return {
    id: event.id,
    name: event.name,
    slug: event.slug,
    site: event.site,
    description: event.description,
    startDate: event.startDate,
    endDate: event.endDate,
    links: event.links.map((l) => ({ link: l.link, text: l.text })),
    tournaments: tournaments.map(({ _count, ...t }) => ({ ...t, players: _count.players, rounds: rounds.get(t.id) ?? 0 })),
  };
}

export type PublicEvent = NonNullable<Awaited<ReturnType<typeof publicEvent>>>;

/**
 * A public tournament by its event's and its own slug, with what the visitor may see of its
 * games: `unlocked` says whether the visitor's session holds an unlock for the current games
 * password, `grants` what the view codes the visitor holds allow (a private tournament; its games
 * without the password).
 */
export type VisitorAccess = { unlocked: (tournamentId: number, password: string | null) => boolean; grants: Map<number, ViewGrant> };

export async function publicTournament(db: Db, eventSlug: string, tournamentSlug: string, access: VisitorAccess) {
  const found = await db.tournament.findFirst({
    where: { slug: tournamentSlug, event: { slug: eventSlug } },
    include: { links: { orderBy: { id: "asc" } } },
  });
  const grant = found ? access.grants.get(found.id) : undefined;
  const tournament = found && (found.visibility !== "PRIVATE" || grant) ? found : null;
  if (!tournament) return null;
  const event = await publicEvent(db, { id: tournament.eventId }, { evenWithoutTournaments: true });
  if (!event) return null;
  const gamesAllowed = tournament.visibility === "PUBLIC" || Boolean(grant?.games);
  const needsPassword = gamesAllowed && !grant?.games && Boolean(tournament.password) && !access.unlocked(tournament.id, tournament.password);
  return {
    event,
    tournament: {
      id: tournament.id,
      name: tournament.name,
      slug: tournament.slug,
      mode: tournament.mode,
      form: tournament.form,
      description: tournament.description,
      startDate: tournament.startDate,
      endDate: tournament.endDate,
      plannedRounds: tournament.plannedRounds,
      links: tournament.links.map((l) => ({ link: l.link, text: l.text })),
    },
    /** the visitor holds a view code for this tournament */
    viewCode: Boolean(grant),
    /** the tournament publishes its games (visibility "public"), or a view code shows them */
    gamesAllowed,
    /** … but this visitor has not given the games password yet */
    needsPassword,
    /** the visitor may see moves and download the PGN */
    gamesVisible: gamesAllowed && !needsPassword,
  };
}

export type PublicTournament = NonNullable<Awaited<ReturnType<typeof publicTournament>>>;

export function checkGamesPassword(password: string | null, given: string): boolean {
  if (!password) return true;
  const a = createHash("sha256").update(password).digest();
  const b = createHash("sha256").update(given).digest();
  return timingSafeEqual(a, b);
}

/**
 * What a visitor's session remembers of an unlocked tournament: its id and a digest of the games
 * password it was unlocked with, so that changing the password ends every earlier unlock.
 */
export function unlockStamp(tournamentId: number, password: string | null): string {
  return `${tournamentId}:${createHash("sha256").update(`${tournamentId}\0${password ?? ""}`).digest("base64url").slice(0, 16)}`;
}

/**
 * The version of everything the public views are computed from (the tournament's row, its players,
 * teams, absences, links and games), read in one cheap query: per table the number of rows and the
 * newest row version (PostgreSQL's xmin, new for every inserted or updated row; a deletion changes
 * the count). The cache below is valid while it is unchanged, across every process that serves the site.
 */
const VERSION_OF = (table: string, column: string) =>
  `(SELECT concat(count(*), ':', max(xmin::text::bigint)) FROM ${table} WHERE ${column} = $1)`;

const FINGERPRINT = `SELECT concat_ws('|', (SELECT xmin::text FROM tournament WHERE id = $1), ${[
  ["game", "tournament_id"],
  ["player", "tournament_id"],
  ["team", "tournament_id"],
  ["player_absence", "tournament_id"],
  ["tournament_link", "tournament_id"],
]
  .map(([table, column]) => VERSION_OF(table, column))
  .join(", ")}) AS stamp`;

async function fingerprint(db: Db, tournamentId: number): Promise<string> {
  const [row] = await db.$queryRawUnsafe<{ stamp: string | null }[]>(FINGERPRINT, tournamentId);
  return row?.stamp ?? "";
}

type Cached = { stamp: string; snapshot: Snapshot; views: Map<string, unknown> };
const CACHE_SIZE = 64;
const cache = new Map<number, Cached>();

async function loadSnapshot(db: Db, tournamentId: number): Promise<Snapshot> {
  const [tournament, players, games, absences, teams] = await Promise.all([
    db.tournament.findUniqueOrThrow({
      where: { id: tournamentId },
      select: { id: true, name: true, mode: true, form: true, tiebreakScoreFirst: true, tiebreakScoreSecond: true, tiebreakScoreThird: true },
    }),
    db.player.findMany({
      where: { tournamentId },
      orderBy: { snr: "asc" },
      select: { id: true, snr: true, name: true, title: true, elo: true, nwz: true, club: true, country: true, fideId: true, teamId: true },
    }),
    db.game.findMany({
      where: { tournamentId },
      orderBy: [{ round: "asc" }, { board: "asc" }],
      select: { round: true, board: true, whiteId: true, blackId: true, gameResult: true, pairingType: true, moves: true, fen: true, winnerId: true },
    }),
    absencesOf(db, tournamentId),
    teamsOf(db, tournamentId),
  ]);
  return { tournament, players, games, absences, teams: teams.map((t) => ({ id: t.id, snr: t.snr, name: t.name, players: t.players.map((p) => ({ id: p.id })) })) };
}

/**
 * The version of what a public tournament page shows: that of its views, and of the event's row and
 * links (a rename, a new description or games password changes it).
 * Null when no public tournament has these slugs. For caching whole pages (server/pageCache.ts).
 */
export async function publicPageStamp(db: Db, eventSlug: string, tournamentSlug: string): Promise<{ tournamentId: number; stamp: string } | null> {
  const [row] = await db.$queryRaw<{ id: number; own: string }[]>`
    SELECT t.id, concat_ws('|', t.xmin::text, e.xmin::text,
      (SELECT concat(count(*), ':', max(xmin::text::bigint)) FROM event_link WHERE event_id = e.id)) AS own
    FROM tournament t JOIN tournament_group e ON e.id = t.tournament_group
    WHERE e.slug = ${eventSlug} AND t.slug = ${tournamentSlug} AND t.visibility <> 'PRIVATE'`;
  return row ? { tournamentId: row.id, stamp: `${row.own}:${await fingerprint(db, row.id)}` } : null;
}

/**
 * A public tournament's snapshot and its views (`view("standings:5", …)`), each computed once per
 * state of the tournament: entering a result, a new round or a changed player makes the next
 * request load and compute again. The newest 64 tournaments are kept.
 */
export async function publicSnapshot(db: Db, tournamentId: number) {
  const stamp = await fingerprint(db, tournamentId);
  let entry = cache.get(tournamentId);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, snapshot: await loadSnapshot(db, tournamentId), views: new Map() };
    cache.set(tournamentId, entry);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  const { snapshot, views } = entry;
  return {
    snapshot,
    view<T>(key: string, compute: (snapshot: Snapshot) => T): T {
      if (!views.has(key)) views.set(key, compute(snapshot));
      return views.get(key) as T;
    },
  };
}

/** The public pages of every public event and tournament, newest first (for the sitemap). */
export async function publicPages(db: Db, limit: number): Promise<{ path: string; modified: Date }[]> {
  const tournaments = await db.tournament.findMany({
    where: { visibility: PUBLIC },
    orderBy: { lastUpdated: "desc" },
    take: limit,
    select: { id: true, slug: true, lastUpdated: true, event: { select: { slug: true } } },
  });
  const paired = await db.game.groupBy({ by: ["tournamentId"], where: { tournamentId: { in: tournaments.map((t) => t.id) } }, _max: { round: true } });
  const rounds = new Map(paired.map((p) => [p.tournamentId, p._max.round ?? 0]));
  const events = new Map<string, Date>();
  const pages = tournaments.flatMap((t) => {
    const event = `/event/${encodeURIComponent(t.event.slug)}`;
    if (!events.has(event)) events.set(event, t.lastUpdated);
    const base = `${event}/${encodeURIComponent(t.slug)}`;
    const last = rounds.get(t.id) ?? 0;
    const views = [base, `${base}/players`, ...(last ? [`${base}/round/${last}`, `${base}/standings/${last}`, `${base}/crosstable/${last}`] : [])];
    return views.map((path) => ({ path, modified: t.lastUpdated }));
  });
  return [...[...events].map(([path, modified]) => ({ path, modified })), ...pages];
}
