import type { Colour, PlayerRecord, RoundEntry } from "./types";

/**
 * Colour differences and preferences of the FIDE Dutch System (C.04.3, 1.6 / A.6):
 *  - absolute: colour difference > +1 or < −1, or the same colour in the two latest played games
 *  - strong: colour difference +1 (wants black) or −1 (wants white)
 *  - mild: colour difference 0: wants to alternate from the last played game
 *  - none: no game played yet
 * Only played games count (forfeits and byes carry no colour).
 */
export type PreferenceStrength = "absolute" | "strong" | "mild" | "none";
export type ColourState = {
  /** played colours in order */
  history: Colour[];
  difference: number;
  preference?: Colour;
  strength: PreferenceStrength;
};

export const opposite = (colour: Colour): Colour => (colour === "w" ? "b" : "w");

export function colourState(record: PlayerRecord): ColourState {
  const history = record.rounds.flatMap((entry) => (entry?.kind === "game" ? [entry.colour] : []));
  const difference = history.reduce((d, c) => d + (c === "w" ? 1 : -1), 0);
  const last = history.at(-1);
  const sameTwice = history.length >= 2 && history.at(-2) === last;
  if (difference > 1 || difference < -1 || sameTwice) {
    const preference: Colour = difference < -1 ? "w" : difference > 1 ? "b" : opposite(last!);
    return { history, difference, preference, strength: "absolute" };
  }
  if (difference === 1 || difference === -1) return { history, difference, preference: difference === 1 ? "b" : "w", strength: "strong" };
  if (last) return { history, difference, preference: opposite(last), strength: "mild" };
  return { history, difference, strength: "none" };
}

const RANK: Record<PreferenceStrength, number> = { absolute: 3, strong: 2, mild: 1, none: 0 };

/**
 * Colour allocation (C.04.3, 5 / E): the colour of the higher-ranked player `a` against `b`, and
 * the rule that decided it:
 *  E.1 both preferences granted when compatible; E.2 the stronger preference (both absolute:
 *  the wider colour difference); E.3 alternate to the latest game with different colours, the
 *  players' played games aligned from the latest;
 *  E.4 the higher-ranked player's preference; E.5 odd pairing number: the initial colour.
 *  The pairing number counts the players of the round and those paired in an earlier round, so a
 *  player who never took part yet and is absent does not shift it (as bbpPairings numbers them).
 */
export type ColourRule = "E1" | "E2" | "E3" | "E4" | "E5";

export function colourDecision(a: { pairingNumber: number; colour: ColourState }, b: { colour: ColourState }, initialColour: Colour): Readonly<{ colour: Colour; rule: ColourRule }> {
  const pa = a.colour.preference;
  const pb = b.colour.preference;
  if (pa && pb && pa !== pb) return decision(pa, "E1");
  if (pa && !pb) return decision(pa, "E1");
  if (!pa && pb) return decision(opposite(pb), "E1");
  if (pa && pb) {
    const sa = RANK[a.colour.strength];
    const sb = RANK[b.colour.strength];
    if (sa !== sb) return decision(sa > sb ? pa : opposite(pb), "E2");
    if (a.colour.strength === "absolute" && Math.abs(a.colour.difference) !== Math.abs(b.colour.difference)) {
      return decision(Math.abs(a.colour.difference) > Math.abs(b.colour.difference) ? pa : opposite(pb), "E2");
    }
  }
  // C.04.2 3.4: the played games are compared from the latest back (unplayed rounds count as the earliest).
  const ha = a.colour.history;
  const hb = b.colour.history;
  for (let back = 1; back <= Math.min(ha.length, hb.length); back++) {
    const ca = ha[ha.length - back];
    if (ca !== hb[hb.length - back]) return decision(opposite(ca), "E3");
  }
  if (pa) return decision(pa, "E4");
  return decision(a.pairingNumber % 2 === 1 ? initialColour : opposite(initialColour), "E5");
}

/** The ten decisions there are, made once: deciding a pair's colours allocates nothing. */
const DECISIONS = Object.fromEntries(
  (["w", "b"] as const).map((colour) => [colour, Object.fromEntries((["E1", "E2", "E3", "E4", "E5"] as const).map((rule) => [rule, Object.freeze({ colour, rule })]))]),
) as Record<Colour, Record<ColourRule, { readonly colour: Colour; readonly rule: ColourRule }>>;
const decision = (colour: Colour, rule: ColourRule) => DECISIONS[colour][rule];

export function allocateColour(a: { pairingNumber: number; colour: ColourState }, b: { colour: ColourState }, initialColour: Colour): Colour {
  return colourDecision(a, b, initialColour).colour;
}

/**
 * 5.1: the initial colour as the first round with colours shows it (when a file does not say it).
 * The players who took part in a pairing up to that round are numbered in rank order; the first
 * of them with a colour in that round had the initial colour if odd-numbered, the other one if
 * even-numbered (the same reading as bbpPairings').
 */
export function initialColourOf(players: PlayerRecord[]): Colour | undefined {
  const coloured = (entry: RoundEntry | undefined) => entry?.kind === "game" || entry?.kind === "forfeit";
  const rounds = players.map((p) => p.rounds.findIndex(coloured)).filter((r) => r >= 0);
  if (!rounds.length) return undefined;
  const first = Math.min(...rounds);
  let number = 0;
  for (const player of [...players].sort((a, b) => a.id - b.id)) {
    if (!player.rounds.slice(0, first + 1).some((entry) => entry && entry.kind !== "bye")) continue;
    number++;
    const entry = player.rounds[first];
    if (entry && (entry.kind === "game" || entry.kind === "forfeit")) return number % 2 === 1 ? entry.colour : opposite(entry.colour);
  }
  return undefined;
}
