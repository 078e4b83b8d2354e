import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import opentype from "opentype.js";
import { HELD_OUT_STROKES, loadStrokeFont, TRAINING_STROKES, type StrokeFont, type StrokeFontName } from "./strokes";

/**
 * Handwriting-like fonts from npm (@fontsource, SIL Open Font License). Training uses only
 * TRAINING_FONTS; the benchmark and the held-out tests use only HELD_OUT_FONTS and HELD_OUT_JOINED_FONTS, so the reader is
 * measured on hands it never saw. FIRST_TRAINING_FONTS, the training fonts until 2026-11-27, also write the
 * round sheets that tests and benchmarks photograph (round.ts): they stay the same sheets when hands are added.
 */
export const FIRST_TRAINING_FONTS = [
  "caveat", "indie-flower", "kalam", "patrick-hand", "shadows-into-light", "gochi-hand",
  "architects-daughter", "handlee", "coming-soon", "schoolbell", "just-another-hand", "nanum-pen-script",
  "rock-salt", "nothing-you-could-do", "waiting-for-the-sunrise", "dawning-of-a-new-day", "over-the-rainbow",
  "loved-by-the-king", "the-girl-next-door", "walter-turncoat", "neucha", "short-stack", "annie-use-your-telescope",
  "swanky-and-moo-moo", "permanent-marker", "shadows-into-light-two", "gaegu", "just-me-again-down-here", "mynerve",
  "mansalva", "homemade-apple",
] as const;
/** School scripts of several countries, joined cursive and print, and more casual hands (2026-11-27). */
const SCHOOL_AND_CASUAL_FONTS = [
  "playwrite-de-grund", "playwrite-fr-moderne", "playwrite-it-moderna", "playwrite-es", "playwrite-us-trad", "playwrite-pl",
  "playwrite-cz", "playwrite-nl", "edu-sa-beginner", "edu-nsw-act-foundation", "cedarville-cursive", "la-belle-aurore", "zeyada",
  "dancing-script", "kristi", "marck-script", "beth-ellen", "sriracha", "mali", "pangolin", "calligraffitti", "crafty-girls",
  "give-you-glory", "nanum-brush-script", "caveat-brush", "shantell-sans", "klee-one", "oooh-baby", "grape-nuts", "borel",
] as const;
/** More countries' school scripts, casual print from fonts made for other scripts' Latin letters, and joined cursive (2026-11-27, second set). */
const WORLD_AND_SCRIPT_FONTS = [
  "playpen-sans", "playwrite-nz", "playwrite-in", "playwrite-hu", "playwrite-vn", "playwrite-no", "playwrite-is", "playwrite-tz",
  "playwrite-pt", "edu-qld-beginner", "edu-vic-wa-nt-beginner", "edu-tas-beginner", "edu-au-vic-wa-nt-hand", "bad-script",
  "sedgwick-ave", "gamja-flower", "hi-melody", "poor-story", "dekko", "itim", "chilanka", "fuzzy-bubbles", "comic-neue", "square-peg",
  "yomogi", "zen-kurenaido", "hachi-maru-pop", "delicious-handrawn", "unkempt", "vibur", "rancho", "courgette", "kaushan-script",
  "yellowtail", "satisfy", "sacramento", "damion", "nerko-one", "east-sea-dokdo", "single-day", "whisper",
] as const;
/**
 * Everyday and formal joined scripts, casual print (some made for Thai, Chinese, Korean, Japanese and Tamil letters'
 * Latin) and school scripts of more countries (2026-11-27, third set).
 */
const FORMAL_AND_EVERYDAY_FONTS = [
  "alex-brush", "allura", "birthstone", "caramel", "charm", "comforter", "cookie", "cute-font", "delius", "edu-nsw-act-cursive",
  "edu-qld-hand", "edu-sa-hand", "ephesis", "estonia", "finger-paint", "fuggles", "grey-qo", "happy-monkey", "herr-von-muellerhoff",
  "hurricane", "inspiration", "italianno", "kavivanar", "kirang-haerang", "kite-one", "liu-jian-mao-cao", "long-cang",
  "ma-shan-zheng", "merienda", "moon-dance", "mr-dafoe", "mr-de-haviland", "mrs-saint-delafield", "niconne", "norican", "oregano",
  "pacifico", "parisienne", "qwigley", "ruge-boogie", "solitreo", "sunshiney", "yeon-sung", "yesteryear", "yusei-magic",
  "zhi-mang-xing", "playwrite-at", "playwrite-fr-trad", "playwrite-it-trad", "playwrite-us-modern", "playwrite-ng-modern",
  "playwrite-pe", "playwrite-ro", "playwrite-ie",
] as const;
/**
 * Everyday and formal joined scripts, casual print and brush hands, and eight more Playwrite school scripts
 * (Denmark's looped, Germany's Schulausgangsschrift, Croatia's left-leaning, …) not yet in (2026-11-28, fourth set).
 */
const MORE_EVERYDAY_AND_SCHOOL_FONTS = [
  "grechen-fuemen", "kings", "condiment", "euphoria-script", "engagement", "edu-vic-wa-nt-hand", "pinyon-script",
  "the-nautigal", "rochester", "grand-hotel", "jim-nightshade", "montez", "clicker-script", "meow-script",
  "vujahday-script", "rouge-script", "mr-bedfort", "kapakana", "montecarlo", "redressed", "gwendolyn", "allison",
  "love-light", "neonderthaw", "felipa", "great-vibes", "aguafina-script", "arizonia", "island-moments", "water-brush",
  "ingrid-darling", "slackside-one", "twinkle-star", "bonheur-royale", "style-script", "explora", "kolker-brush",
  "romanesco", "updock", "imperial-script", "passions-conflict", "windsong", "stalemate", "licorice", "carattere",
  "julee", "send-flowers", "edu-nsw-act-hand-pre", "smooch", "princess-sofia", "waterfall", "ruthie", "puppies-play",
  "playwrite-dk-loopet", "playwrite-de-sas", "playwrite-hr-lijeva", "playwrite-sk", "playwrite-cu", "playwrite-mx",
  "playwrite-za", "playwrite-au-qld",
] as const;
export const TRAINING_FONTS = [
  ...FIRST_TRAINING_FONTS, ...SCHOOL_AND_CASUAL_FONTS, ...WORLD_AND_SCRIPT_FONTS, ...FORMAL_AND_EVERYDAY_FONTS,
  ...MORE_EVERYDAY_AND_SCHOOL_FONTS,
] as const;
export const HELD_OUT_FONTS = ["covered-by-your-grace", "reenie-beanie", "gloria-hallelujah", "sue-ellen-francisco"] as const;
/** Joined everyday handwriting, held out as the fonts above are (since 2026-11-27's fifth session): the benchmark's joined fonts. */
export const HELD_OUT_JOINED_FONTS = ["ms-madi", "charmonman", "sofia", "bilbo"] as const;
/**
 * Fonts made from people's own handwriting (and a school cursive), from Debian's packages rather than npm, held out
 * as a kind of its own (since 2026-11-30's sixth session: the benchmark's `debian` hands): hands drawn apart from the
 * Google catalogue every other font comes from. Measuring needs them installed:
 * `apt-get install fonts-dkg-handwriting fonts-sjfonts fonts-rufscript fonts-ecolier-court fonts-havana fonts-breip`.
 */
export const DEBIAN_FONT_FILES = {
  "dkg-handwriting": "/usr/share/fonts/truetype/fifthhorseman/dkg.ttf",
  "steve-hand": "/usr/share/fonts/truetype/sjfonts/SteveHand.ttf",
  delphine: "/usr/share/fonts/truetype/sjfonts/Delphine.ttf",
  rufscript: "/usr/share/fonts/truetype/rufscript/Rufscript010.ttf",
  "ecolier-court": "/usr/share/fonts/truetype/ecolier-court/Ecolier-court.ttf",
  havana: "/usr/share/fonts/opentype/havana/Havana-Regular.otf",
  breip: "/usr/share/fonts/truetype/breip/Breip.ttf",
} as const;
/**
 * A second set of hands from Debian's packages, held out as a kind of its own (since 2026-12-03's third session: the
 * benchmark's `debian2` hands), the first seven left as they were measured: Seto (a Japanese writer's hand), Nanum
 * Barun Pen (a Korean neat pen hand; Nanum Pen Script, another of Naver's hands, is a training font), Purisa (the Thai
 * TLWG's handwriting), YOz (Y.Oz's hand) and UnPilgi (a formal joined hand with looped capitals). Measuring needs them
 * installed: `apt-get install fonts-seto fonts-nanum-extra fonts-tlwg-purisa fonts-yozvox-yozfont fonts-unfonts-core`.
 * Left out as too far from a score sheet: Humor Sans and Tomson Talks write every letter as a capital (a file's b
 * read as a bishop), Femke Klaver's hand draws its letters hollow, and Kouzan's Latin letters are Seto's.
 */
export const DEBIAN_FONT_FILES_2 = {
  seto: "/usr/share/fonts/truetype/seto/setofont.ttf",
  "nanum-barun-pen": "/usr/share/fonts/truetype/nanum/NanumBarunpenR.ttf",
  purisa: "/usr/share/fonts/truetype/tlwg/Purisa.ttf",
  yoz: "/usr/share/fonts/truetype/yozvox-yozfont/YOzRA_.ttf",
  unpilgi: "/usr/share/fonts/truetype/unfonts-core/UnPilgi.ttf",
};
const DEBIAN_FILES: Record<string, string> = { ...DEBIAN_FONT_FILES, ...DEBIAN_FONT_FILES_2 };
export type DebianFontName = keyof typeof DEBIAN_FONT_FILES | keyof typeof DEBIAN_FONT_FILES_2;
export const HELD_OUT_DEBIAN_FONTS = Object.keys(DEBIAN_FONT_FILES) as readonly DebianFontName[];
export const HELD_OUT_DEBIAN_FONTS_2 = Object.keys(DEBIAN_FONT_FILES_2) as readonly DebianFontName[];
export type FontName = (typeof TRAINING_FONTS)[number] | (typeof HELD_OUT_FONTS)[number] | (typeof HELD_OUT_JOINED_FONTS)[number] | DebianFontName;

/**
 * `letterFonts`: for a writer whose letters come from several fonts (mixedHand), the fonts that draw a character,
 * tried before `glyphFonts`.
 */
export type HandFont = { name: FontName; glyphFonts: opentype.Font[]; letterFonts?: (char: string) => opentype.Font[] };

/** A hand of the synthetic sheets: a handwriting font, or a single-line font drawn with a pen (strokes.ts). */
export type HandName = FontName | StrokeFontName;
const STROKE_NAMES = new Set<string>([...TRAINING_STROKES, ...HELD_OUT_STROKES]);

/** The hands training draws from (fonts and pen-drawn writers); none of the held-out ones. */
export const TRAINING_HANDS: readonly HandName[] = [...TRAINING_FONTS, ...TRAINING_STROKES];

export function loadHand(name: HandName): HandFont | StrokeFont {
  return STROKE_NAMES.has(name) ? loadStrokeFont(name as StrokeFontName) : loadFont(name as FontName);
}

const require = createRequire(import.meta.url);
const cache = new Map<FontName, HandFont>();

function fontFiles(name: FontName): string[] {
  if (name in DEBIAN_FILES) {
    const file = DEBIAN_FILES[name];
    if (!existsSync(file)) throw new Error(`${name}: ${file} is missing; install Debian's handwriting fonts (worker/synth/fonts.ts, DEBIAN_FONT_FILES and DEBIAN_FONT_FILES_2)`);
    return [file];
  }
  return (["latin", "latin-ext"] as const).map((subset) => subsetFile(name, subset)).filter((file) => existsSync(file));
}

function subsetFile(name: FontName, subset: "latin" | "latin-ext"): string {
  const packageDir = path.dirname(require.resolve(`@fontsource/${name}/package.json`));
  return path.join(packageDir, "files", `${name}-${subset}-400-normal.woff`);
}

export function loadFont(name: FontName): HandFont {
  const known = cache.get(name);
  if (known) return known;
  const glyphFonts = fontFiles(name).map((file) => {
    const bytes = readFileSync(file);
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
  const font = { name, glyphFonts };
  cache.set(name, font);
  return font;
}

/** The font and glyph that draw a character (null when the font has no glyph for it). */
export function glyphFor(font: HandFont, char: string): { font: opentype.Font; glyph: opentype.Glyph } | null {
  // a mixed hand's choice for the character first, then the hand's own font (no copy of the list for a plain hand)
  for (const candidate of font.letterFonts ? [...font.letterFonts(char), ...font.glyphFonts] : font.glyphFonts) {
    const glyph = candidate.charToGlyph(char);
    if (glyph.index > 0) return { font: candidate, glyph };
  }
  return null;
}

/**
 * A writer no font shows: each character written as one of `fonts` writes it, chosen (by `random`) the first time
 * the writer writes it and kept for the sheet; the first font is the hand's own, for its name and the letters'
 * size (handwriting.ts scales the others' letters to its capitals' height). Training on such writers teaches each
 * character's shapes apart from the rest of one font's style (README, "Writers whose letters come from several fonts").
 */
export function mixedHand(fonts: readonly HandFont[], random: () => number): HandFont {
  const chosen = new Map<string, opentype.Font[]>();
  const letterFonts = (char: string) => {
    let letter = chosen.get(char);
    if (!letter) chosen.set(char, (letter = fonts[Math.floor(random() * fonts.length)].glyphFonts));
    return letter;
  };
  return { name: fonts[0].name, glyphFonts: fonts[0].glyphFonts, letterFonts };
}

const capitals = new WeakMap<opentype.Font, number>();
/** The height of a font's capitals as a share of its em: its H's (fonts' own OS/2 figures are often far off), else 0.7. */
export function capitalHeight(font: opentype.Font): number {
  const known = capitals.get(font);
  if (known !== undefined) return known;
  const h = font.charToGlyph("H");
  const height = (h.index > 0 ? h.getBoundingBox().y2 / font.unitsPerEm : 0) || 0.7;
  capitals.set(font, height);
  return height;
}
