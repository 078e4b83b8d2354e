import type { PlayerRecord, RoundEntry } from "./types";

/**
 * Tiebreaks by FIDE's tie-break regulations (C.07, 2023), computed on the rounds up to a given one.
 * Unplayed rounds (byes, forfeits, absence) count for the player's own Buchholz and
 * Sonneborn-Berger as a game against a virtual opponent with the player's own score (C.07 16.4);
 * opponents' scores are their actual scores. Rating averages use played games only.
 * The codes follow the tiebreak file-import codes 0–16 of spec §3.
 */
export const TIEBREAKS = [
  "NONE", "TEAM_POINTS", "BOARD_POINTS", "BUCHHOLZ", "CUMULATIVE", "SONNEBORN_BERGER", "MEDIAN_BUCHHOLZ",
  "BUCHHOLZ_SUM", "AVERAGE_OPPONENT_RATING", "RATING_PERFORMANCE", "RATING_DIFFERENCE", "THREE_POINT",
  "THREE_POINT_COLOUR", "BERLIN", "SCHULJAN", "WINS", "DIRECT_ENCOUNTER",
] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

/** Short column headers (spec §3). */
export const TIEBREAK_HEADERS: Record<Tiebreak, string> = {
  NONE: "", TEAM_POINTS: "MP", BOARD_POINTS: "BP", BUCHHOLZ: "BH", CUMULATIVE: "Fort", SONNEBORN_BERGER: "SB",
  MEDIAN_BUCHHOLZ: "MBH", BUCHHOLZ_SUM: "BH²", AVERAGE_OPPONENT_RATING: "Niv", RATING_PERFORMANCE: "TPR",
  RATING_DIFFERENCE: "RD", THREE_POINT: "3P", THREE_POINT_COLOUR: "3PC", BERLIN: "Berl", SCHULJAN: "Sch",
  WINS: "Win", DIRECT_ENCOUNTER: "DE",
};

export type RatedPlayer = PlayerRecord & { rating?: number };

export type TiebreakContext = {
  players: RatedPlayer[];
  /** rounds counted (standing after this round) */
  round: number;
  /** team tournaments: match points and board points per team id */
  teamPoints?: Map<number, number>;
  boardPoints?: Map<number, number>;
};

const played = (entry: RoundEntry | undefined): entry is Extract<RoundEntry, { kind: "game" }> => entry?.kind === "game";

export function scoreAfter(player: PlayerRecord, round: number): number {
  let total = 0;
  for (let r = 0; r < round; r++) total += player.rounds[r]?.points ?? 0;
  return total;
}

/** FIDE table 8.1(a) (rating regulations B.02): rating difference dp for a score of 0.50 … 1.00, in steps of 0.01. */
const DP_TABLE = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
  202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589,
  677, 800,
];

/** FIDE rating difference dp for a fractional score p (rounded to 0.01; the table is symmetric about 0.50). */
export function ratingDifference(fraction: number): number {
  const hundredths = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  return hundredths >= 50 ? DP_TABLE[hundredths - 50] : -DP_TABLE[50 - hundredths];
}

/** Players by id and their scores, computed once per ranking. */
type Lookup = { byId: Map<number, RatedPlayer>; scores: Map<number, number> };
const lookups = new WeakMap<TiebreakContext, Lookup>();

function lookup(context: TiebreakContext): Lookup {
  let found = lookups.get(context);
  if (!found) {
    found = {
      byId: new Map(context.players.map((p) => [p.id, p])),
      scores: new Map(context.players.map((p) => [p.id, scoreAfter(p, context.round)])),
    };
    lookups.set(context, found);
  }
  return found;
}

export function computeTiebreak(tiebreak: Tiebreak, player: RatedPlayer, context: TiebreakContext): number {
  const { round } = context;
  const { byId, scores } = lookup(context);
  const own = scores.get(player.id) ?? scoreAfter(player, round);
  const entries = player.rounds.slice(0, round);
  const opponentScores = () =>
    Array.from({ length: round }, (_, r) => {
      const entry = entries[r];
      return played(entry) ? (scores.get(entry.opponent) ?? 0) : own;
    });
  switch (tiebreak) {
    case "NONE":
      return 0;
    case "BUCHHOLZ":
      return opponentScores().reduce((a, b) => a + b, 0);
    case "MEDIAN_BUCHHOLZ": {
      const scores = opponentScores().sort((a, b) => a - b);
      return scores.length > 2 ? scores.slice(1, -1).reduce((a, b) => a + b, 0) : 0;
    }
    case "BUCHHOLZ_SUM":
      return entries.reduce((sum, entry) => {
        const opponent = played(entry) ? byId.get(entry.opponent)! : player;
        return sum + computeTiebreak("BUCHHOLZ", opponent, context);
      }, 0);
    case "SONNEBORN_BERGER":
      return entries.reduce((sum, entry) => {
        if (!entry) return sum;
        const opponentScore = played(entry) ? (scores.get(entry.opponent) ?? 0) : own;
        return sum + entry.points * opponentScore;
      }, 0);
    case "CUMULATIVE": {
      let running = 0;
      let total = 0;
      for (let r = 0; r < round; r++) {
        running += entries[r]?.points ?? 0;
        total += running;
      }
      return total;
    }
    case "AVERAGE_OPPONENT_RATING":
    case "RATING_PERFORMANCE":
    case "RATING_DIFFERENCE": {
      const games = entries.filter(played);
      const ratings = games.map((g) => byId.get(g.opponent)?.rating).filter((r): r is number => r !== undefined && r > 0);
      if (ratings.length === 0) return 0;
      const average = Math.round(ratings.reduce((a, b) => a + b, 0) / ratings.length);
      if (tiebreak === "AVERAGE_OPPONENT_RATING") return average;
      if (tiebreak === "RATING_DIFFERENCE") return (player.rating ?? 0) - average;
      const points = games.reduce((sum, g) => sum + g.points, 0);
      return average + ratingDifference(points / games.length);
    }
    case "WINS":
      return entries.filter((e) => e && e.points >= 1).length;
    case "THREE_POINT":
      return entries.reduce((sum, e) => sum + (!e ? 0 : e.points >= 1 ? 3 : e.points > 0 ? 1 : 0), 0);
    case "THREE_POINT_COLOUR":
      // Three points for a win with black, two with white, one for a draw.
      return entries.reduce((sum, e) => {
        if (!e) return sum;
        if (e.points >= 1) return sum + (e.kind !== "pab" && "colour" in e && e.colour === "b" ? 3 : 2);
        return sum + (e.points > 0 ? 1 : 0);
      }, 0);
    case "DIRECT_ENCOUNTER":
      return directEncounter(player, context);
    case "TEAM_POINTS":
      return context.teamPoints?.get(player.id) ?? 0;
    case "BOARD_POINTS":
      return context.boardPoints?.get(player.id) ?? own;
    case "BERLIN":
      // Berlin tiebreak: Sonneborn-Berger counting only the wins.
      return entries.reduce((sum, e) => (e && e.points >= 1 && played(e) ? sum + (scores.get(e.opponent) ?? 0) : sum), 0);
    case "SCHULJAN":
      // Schuljan: the points scored against the opponents with the higher scores (the upper half of the field).
      return entries.reduce((sum, e) => {
        if (!played(e)) return sum;
        return (scores.get(e.opponent) ?? 0) >= own ? sum + e.points : sum;
      }, 0);
  }
}

/** Points scored against the players with the same score, when all of them have met (C.07 6.1). */
function directEncounter(player: RatedPlayer, context: TiebreakContext): number {
  const own = scoreAfter(player, context.round);
  const tied = context.players.filter((p) => p.id !== player.id && scoreAfter(p, context.round) === own).map((p) => p.id);
  if (tied.length === 0) return 0;
  const games = player.rounds.slice(0, context.round).filter(played);
  if (!tied.every((id) => games.some((g) => g.opponent === id))) return 0;
  return games.filter((g) => tied.includes(g.opponent)).reduce((sum, g) => sum + g.points, 0);
}

export type Standing = { id: number; rank: number; score: number; tiebreaks: number[] };

/** The ranking after a round: score, then up to three tiebreaks in the order set, then pairing number. */
export function standings(context: TiebreakContext, tiebreaks: Tiebreak[]): Standing[] {
  const chosen = tiebreaks.filter((t) => t !== "NONE").slice(0, 3);
  const rows = context.players.map((player) => ({
    id: player.id,
    rank: 0,
    score: scoreAfter(player, context.round),
    tiebreaks: chosen.map((t) => computeTiebreak(t, player, context)),
  }));
  rows.sort((a, b) => {
    if (b.score !== a.score) return b.score - a.score;
    for (let i = 0; i < chosen.length; i++) if (b.tiebreaks[i] !== a.tiebreaks[i]) return b.tiebreaks[i] - a.tiebreaks[i];
    return a.id - b.id;
  });
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    row.rank = previous && previous.score === row.score && previous.tiebreaks.every((t, k) => t === row.tiebreaks[k]) ? previous.rank : i + 1;
  });
  return rows;
}
