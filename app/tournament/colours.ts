import type { Colour, PlayerRecord } from "./types";

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
  /** colour per round (undefined: no game played that round) */
  byRound: (Colour | undefined)[];
  difference: number;
  preference?: Colour;
  strength: PreferenceStrength;
};

export const opposite = (colour: Colour): Colour => (colour === "w" ? "b" : "w");

export function colourState(record: PlayerRecord): ColourState {
  const byRound = record.rounds.map((entry) => (entry?.kind === "game" ? entry.colour : undefined));
  const history = byRound.filter((colour): colour is Colour => colour !== undefined);
  const difference = history.reduce((d, c) => d + (c === "w" ? 1 : -1), 0);
  const last = history.at(-1);
  const sameTwice = history.length >= 2 && history.at(-2) === last;
  if (difference > 1 || difference < -1 || sameTwice) {
    const preference: Colour = difference < -1 ? "w" : difference > 1 ? "b" : opposite(last!);
    return { history, byRound, difference, preference, strength: "absolute" };
  }
  if (difference === 1 || difference === -1) return { history, byRound, difference, preference: difference === 1 ? "b" : "w", strength: "strong" };
  if (last) return { history, byRound, difference, preference: opposite(last), strength: "mild" };
  return { history, byRound, difference, strength: "none" };
}

const RANK: Record<PreferenceStrength, number> = { absolute: 3, strong: 2, mild: 1, none: 0 };

/**
 * Colour allocation (C.04.3, 5 / E): the colour of the higher-ranked player `a` against `b`.
 *  E.1 both preferences granted when compatible; E.2 the stronger preference (both absolute:
 *  the wider colour difference); E.3 alternate to the latest round with different colours;
 *  E.4 the higher-ranked player's preference; E.5 odd pairing number: the initial colour.
 */
export function allocateColour(a: { id: number; colour: ColourState }, b: { id: number; colour: ColourState }, initialColour: Colour): Colour {
  const pa = a.colour.preference;
  const pb = b.colour.preference;
  if (pa && pb && pa !== pb) return pa;
  if (pa && !pb) return pa;
  if (!pa && pb) return opposite(pb);
  if (pa && pb) {
    const sa = RANK[a.colour.strength];
    const sb = RANK[b.colour.strength];
    if (sa !== sb) return sa > sb ? pa : opposite(pb);
    if (a.colour.strength === "absolute" && Math.abs(a.colour.difference) !== Math.abs(b.colour.difference)) {
      return Math.abs(a.colour.difference) > Math.abs(b.colour.difference) ? pa : opposite(pb);
    }
  }
  const ra = a.colour.byRound;
  const rb = b.colour.byRound;
  for (let round = Math.min(ra.length, rb.length) - 1; round >= 0; round--) {
    const ca = ra[round];
    const cb = rb[round];
    if (ca && cb && ca !== cb) return opposite(ca);
  }
  if (pa) return pa;
  return a.id % 2 === 1 ? initialColour : opposite(initialColour);
}
