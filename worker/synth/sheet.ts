import { readFileSync } from "node:fs";
import { Chess } from "chess.js";
import { longForms, squaresLeft, withOriginFile, withoutDisambiguator } from "~/chess/candidates";
import { NOTATION_LANGUAGES, PIECE_LETTERS, type NotationLanguage } from "~/chess/languages";
import { printMove } from "~/chess/print";
import { pick, seededRandom } from "~/chess/random";
import { templateSvg } from "~/sheets/render";
import { PAGE_WIDTH_MM, layoutPages, type SheetLayoutId, type TemplatePage } from "~/sheets/templates";
import { rasterizeSvg, type GrayImage } from "../vision/image";
import type { Point } from "../vision/geometry";
import { ALPHABET } from "../reader/alphabet";
import { realDigits, type DigitSet } from "./digits";
import { loadHand, mixedHand, type HandFont, type HandName } from "./fonts";
import { penDrawnFont } from "./skeleton";
import { randomHand, writeInBox, type Hand, type Random } from "./handwriting";
import { bowed, photograph } from "./photo";

/** Pixels per millimetre of the clean rendering before it is photographed. */
const RENDER_PX_PER_MM = 8;

const labels = JSON.parse(readFileSync(new URL("../../locales/en/common.json", import.meta.url), "utf8")) as {
  sheet: { form: Record<string, string> };
};
const translate = (key: string) => labels.sheet.form[key.split(".").pop() ?? ""] ?? key;

const NAMES = ["Anna Schmidt", "J. Novak", "Petrosian", "M. Rossi", "Lea Dubois", "K. Yilmaz", "van Dijk", "P. Silva", "Tom Berg", "E. Kovac", "Sarah Lee", "Ahmet Kaya"];

/**
 * A game of seeded random play, with a bias to captures and checks so that games end like real ones;
 * from the moves of `opening` on where given.
 */
export function randomGame(random: Random, maxPlies: number, opening: readonly string[] = []): string[] {
  const chess = new Chess();
  const plies = Math.max(2, opening.length, Math.round(maxPlies * (0.35 + 0.65 * random())));
  const sans: string[] = [];
  for (const san of opening) sans.push(chess.move(san).san);
  while (sans.length < plies && !chess.isGameOver()) {
    const moves = chess.moves();
    const forcing = moves.filter((san) => san.includes("x") || san.includes("+"));
    const san = forcing.length > 0 && random() < 0.35 ? pick(random, forcing) : pick(random, moves);
    chess.move(san);
    sans.push(san);
  }
  return sans;
}

/** What a player writes for a move: the language's letters, sometimes without check or capture marks, castling with zeros. */
export function writtenMove(san: string, language: NotationLanguage, random: Random): string {
  let text = printMove(san, language);
  if (random() < 0.4) text = text.replace(/[+#]$/, "");
  if (random() < 0.08 && /^[a-h]x/.test(text) === false) text = text.replace("x", ":");
  if (random() < 0.1) text = text.replace(/[x:]/, "");
  if (text.startsWith("O-O") && random() < 0.45) text = text.replace(/O/g, "0");
  if (random() < 0.5) text = text.replace("=", "");
  return text;
}

/**
 * What a player who keeps to long algebraic notation writes (Ng1-f3, e4xd5): the hyphen or none as is the writer's habit
 * (`hyphen`), captures mostly with x, sometimes with a colon or nothing, check marks and promotion signs as
 * writtenMove leaves them; castling as writtenMove writes it.
 */
export function writtenLongMove(san: string, from: string, language: NotationLanguage, random: Random, hyphen: boolean): string {
  const forms = longForms(san, from, language);
  if (forms.length === 0) return writtenMove(san, language, random);
  // longForms lists the joins (x, colon, none; or hyphen, none), each with and without the promotion's sign
  const promotions = san.includes("=") ? 2 : 1;
  const roll = random();
  const join = san.includes("x") ? (roll < 0.82 ? 0 : roll < 0.9 ? 1 : 2) : hyphen ? 0 : 1;
  const promotion = promotions === 2 && random() < 0.5 ? 1 : 0;
  const mark = random() < 0.6 ? (san.match(/[+#]$/)?.[0] ?? "") : "";
  return forms[join * promotions + promotion] + mark;
}

/** A filled move box: what was written and where (mm on the page) the middle of each character is. */
export type WrittenBox = { move: number; side: "w" | "b"; text: string; middles: number[] };

export type SyntheticPage = {
  page: TemplatePage;
  language: NotationLanguage;
  round: number;
  board: number | null;
  /** Standard SAN of the whole game (all pages). */
  sans: string[];
  /** What was written in each filled move box of this page. */
  written: WrittenBox[];
  /** Where the characters of the round and board numbers are (mm on the page). */
  headerMiddles: { round: number[]; board: number[] };
  font: HandName;
  /** The ply of the game where the writer slipped (SheetOptions' `slip`): the move written wrong, or the first not written. */
  slipAt?: number;
  clean: GrayImage;
  jpeg: Buffer;
  corners: Point[];
};

export type SheetOptions = {
  seed: number;
  fonts: readonly HandName[];
  layout?: SheetLayoutId;
  language?: NotationLanguage;
  sans?: string[];
  /** Chance that a move box holds a crossed-out mistake before the move. */
  corrections?: number;
  /** The round and board written in the header (random when not given); a board of null is left unwritten. */
  round?: number;
  board?: number | null;
  /** The game's first moves (SAN) when `sans` is not given: the rest is played at random. */
  opening?: readonly string[];
  /**
   * Chance that a writer in a font of `fonts` writes each character as one of two to four of them does (mixedHand; none
   * by default). Drawn from a random stream of its own, so that the sheets of a seed are otherwise the same as without.
   */
  mixedHands?: number;
  /**
   * Chance that a writer in a font of `fonts` draws its letters with a pen along their centre lines (penDrawnFont; none by
   * default), drawn from a random stream of its own; such a writer's letters are not mixed.
   */
  penDrawn?: number;
  /** Chance that the writer keeps to long algebraic notation (writtenLongMove; none by default), drawn from a random stream of its own. */
  longNotation?: number;
  /**
   * How the writer names which piece moves in short notation: as SAN does (by default), never (`never`: Nd2 for Nbd2,
   * withoutDisambiguator), or always by its file (`always`: Ngf3 for Nf3, withOriginFile). No random draws: otherwise the same sheet.
   */
  pieceNaming?: "never" | "always";
  /**
   * Chance that the writer's piece letters are five of the recognizer's capital letters drawn at random instead of the
   * language's (anyPieceLetters; none by default), drawn from a random stream of its own: training sees the capitals of
   * the languages whose letters are rare (Dutch P, Czech J and V, Turkish and Spanish A) as often as the others.
   */
  anyLetters?: number;
  /**
   * Chance that the writer marks a capture en passant as such (exd6 e.p., enPassantMarks; none by default), drawn from a
   * random stream of its own.
   */
  enPassantMarks?: number;
  /** Chance that the writer offers a draw during the game and notes it after a move, (=) (drawOffers; none by default), drawn from a random stream of its own. */
  drawOffers?: number;
  /**
   * Chance that the writer marks every capture with a colon instead of an x (e:d5, L:f7, e4:d5; captureColons; none by
   * default), as many players of Central and Eastern Europe do, drawn from a random stream of its own.
   */
  captureColons?: number;
  /** Chance that the writer's digits are a real person's of a set (digits.ts; none by default), drawn from a random stream of its own. */
  realDigits?: { share: number; set: DigitSet };
  /** The pages photographed bowed, sagging this many mm in their middle (bowed; flat by default). No random draws: otherwise the same sheet. */
  bend?: number;
  /**
   * A writer's slip in recording the game (writerSlip; none by default): `square`, one move written with a wrong square;
   * `skip`, one whole move not written, the moves after it a row early; `row`, a row of the form left blank, the moves after
 * it a row late. Drawn from a random stream of its own.
   */
  slip?: WriterSlip;
};

/** The shares of writers unlike a plain font's short notation, as training draws them (`npm run train -- --mixed --pen --long --digits`). */
export type WriterShares = Pick<SheetOptions, "mixedHands" | "penDrawn" | "longNotation" | "realDigits" | "anyLetters" | "enPassantMarks" | "drawOffers" | "captureColons">;

/** Where the random stream of mixed hands starts, apart from the sheet's own (seeds of sheets are consecutive numbers). */
const MIXING_STREAM = 0x5bd1e995;

/** Where the random stream of a writer's notation starts, apart from the sheet's own and the mixed hands'. */
const NOTATION_STREAM = 0x27d4eb2f;

/** Where the random stream of a writer's real digits starts, apart from the others. */
const DIGITS_STREAM = 0x165667b1;

/** Where the random stream of writers drawing a font with a pen starts, apart from the others. */
const PEN_STREAM = 0x3c6ef372;

/** Where the random stream of writers with any piece letters starts, apart from the others. */
const LETTERS_STREAM = 0x6a09e667;

/** Where the random stream of writers who mark captures en passant starts, apart from the others. */
const EN_PASSANT_STREAM = 0x1f83d9ab;

/** How a capture en passant is marked by a writer who marks it: after the move, as FIDE's notation and most players do. */
export const EN_PASSANT_MARK = " e.p.";

/**
 * By chance (`share`), what a writer who marks captures en passant writes: EN_PASSANT_MARK after each (the plies of
 * `sans` that are one); else the writing as it is.
 */
export function enPassantMarks(sans: readonly string[], share: number, seed: number): (ply: number, text: string) => string {
  if (share <= 0 || seededRandom((seed ^ EN_PASSANT_STREAM) >>> 0)() >= share) return unnoted;
  const chess = new Chess();
  return notedAfter(new Set(sans.flatMap((san, ply) => (chess.move(san).isEnPassant() ? [ply] : []))), EN_PASSANT_MARK);
}

/** The writing as it is. */
const unnoted = (_: number, text: string) => text;
/** The writing with `note` after the moves of `plies`. */
const notedAfter = (plies: ReadonlySet<number>, note: string) => (ply: number, text: string) => (plies.has(ply) ? text + note : text);

/** Where the random stream of writers who offer draws starts, apart from the others. */
const DRAW_STREAM = 0x510e527f;

/** How a player notes a draw offered with a move (FIDE Laws, 9.1.2.2): after it. */
export const DRAW_OFFER_MARK = " (=)";

/** By chance (`share`), a writer who offers a draw once or twice in the game, after moves drawn at random, and notes it (DRAW_OFFER_MARK); else the writing as it is. */
export function drawOffers(plies: number, share: number, seed: number): (ply: number, text: string) => string {
  const random = seededRandom((seed ^ DRAW_STREAM) >>> 0);
  if (share <= 0 || random() >= share) return unnoted;
  return notedAfter(new Set(Array.from({ length: 1 + Math.floor(random() * 2) }, () => Math.floor(random() * plies))), DRAW_OFFER_MARK);
}

/** Where the random stream of writers who mark captures with a colon starts, apart from the others. */
const COLON_STREAM = 0x5be0cd19;

/** By chance (`share`), what a writer who marks captures with a colon writes: the x as a colon; else the writing as it is. */
export function captureColons(share: number, seed: number): (text: string) => string {
  if (share <= 0 || seededRandom((seed ^ COLON_STREAM) >>> 0)() >= share) return (text) => text;
  return (text) => text.replace("x", ":");
}

/** Where the random stream of writers' slips starts, apart from the others. */
const SLIP_STREAM = 0x9b05688c;

/**
 * Slips real players make in recording a game: a move written with a wrong square (Bd7 for Bc6: the played move stays
 * the game's), a whole move not written at all, the moves after it written a row early, a row of the form left
 * blank, the moves after it written a row late, or a whole move written again in the row below, the moves after it a
 * row late.
 */
export type WriterSlip = "square" | "skip" | "row" | "twice";

/**
 * What a writer who makes `slip` once writes: `plyIn(ply)`, the ply of the game whose move the box of `ply` holds;
 * `text(ply, text)`, the writing of a ply of the game. The slip falls on a ply (a move) of the game's second to
 * ninth tenth, so that the moves before and after it tell the game.
 */
export function writerSlip(sans: readonly string[], slip: WriterSlip | undefined, seed: number): { at?: number; plyIn: (ply: number) => number; text: (ply: number, text: string) => string } {
  const asWritten = { plyIn: (ply: number) => ply, text: (_: number, text: string) => text };
  if (!slip || sans.length < 10) return asWritten;
  const random = seededRandom((seed ^ SLIP_STREAM) >>> 0);
  const at = Math.floor(sans.length * (0.1 + 0.8 * random()));
  const move = Math.floor(at / 2);
  if (slip === "skip") return { ...asWritten, at: 2 * move, plyIn: (ply) => (ply >= 2 * move ? ply + 2 : ply) };
  // the row left blank holds no ply of the game
  if (slip === "row") return { ...asWritten, at: 2 * move, plyIn: (ply) => (ply < 2 * move ? ply : ply < 2 * move + 2 ? Infinity : ply - 2) };
  // the row below the move's own holds it again
  if (slip === "twice") return { ...asWritten, at: 2 * move, plyIn: (ply) => (ply < 2 * move + 2 ? ply : ply - 2) };
  const squares = [...sans[at].matchAll(/[a-h][1-8]/g)];
  if (squares.length === 0) return asWritten;
  const shiftFile = random() < 0.5;
  const step = random() < 0.5 ? -1 : 1;
  const wrongSquare = (square: string) => {
    const [file, rank] = [square.charCodeAt(0) - 97, Number(square[1]) - 1];
    const moved = (value: number) => (value + step < 0 || value + step > 7 ? value - step : value + step);
    return shiftFile ? String.fromCharCode(97 + moved(file)) + square[1] : square[0] + String(moved(rank) + 1);
  };
  const target = squares[squares.length - 1][0];
  return { ...asWritten, at, text: (ply, text) => (ply === at ? text.replace(new RegExp(`${target}(?!.*${target})`), wrongSquare(target)) : text) };
}

const PIECES = ["k", "q", "r", "b", "n"] as const;
/**
 * The capitals the recognizer reads as pieces, in its alphabet's order (every language's piece letters, the Turkish Ş
 * read as S), of which any five may be a writer's piece letters.
 */
const CAPITALS = [...ALPHABET].filter((char) => NOTATION_LANGUAGES.some((language) => PIECES.some((piece) => PIECE_LETTERS[language][piece].replace("Ş", "S") === char)));

/**
 * By chance (`share`), what a writer in `language` writes with five capitals drawn at random for its king, queen, rook,
 * bishop and knight; else the writing as it is.
 */
export function anyPieceLetters(language: NotationLanguage, share: number, seed: number): (text: string) => string {
  const random = seededRandom((seed ^ LETTERS_STREAM) >>> 0);
  if (share <= 0 || random() >= share) return (text) => text;
  const capitals = [...CAPITALS];
  const letters = new Map<string, string>();
  for (const piece of PIECES) letters.set(PIECE_LETTERS[language][piece], capitals.splice(Math.floor(random() * capitals.length), 1)[0]);
  return (text) => [...text].map((char) => letters.get(char) ?? char).join("");
}

/** The sheet's hand, by chance (`digits.share`) with a real person's digits instead of its font's. */
async function withDigits(hand: Hand, digits: SheetOptions["realDigits"], seed: number): Promise<Hand> {
  if (!digits || digits.share <= 0) return hand;
  const random = seededRandom((seed ^ DIGITS_STREAM) >>> 0);
  return random() < digits.share ? { ...hand, digits: await realDigits(random, digits.set, hand.ink) } : hand;
}

/** How a sheet's writer writes a move: in short algebraic (naming the piece as `naming` says), or by chance (`share`) in long algebraic with or without hyphens. */
function sheetNotation(sans: readonly string[], language: NotationLanguage, share: number, seed: number, naming?: SheetOptions["pieceNaming"]): (ply: number, sheetRandom: Random) => string {
  const random = seededRandom((seed ^ NOTATION_STREAM) >>> 0);
  const short = naming === "never" ? sans.map(withoutDisambiguator) : naming === "always" ? squaresLeft(sans).map((from, ply) => withOriginFile(sans[ply], from)) : sans;
  if (share <= 0 || random() >= share) return (ply, sheetRandom) => writtenMove(short[ply], language, sheetRandom);
  const hyphen = random() < 0.7;
  const origins = squaresLeft(sans);
  return (ply, sheetRandom) => writtenLongMove(sans[ply], origins[ply], language, sheetRandom, hyphen);
}

/**
 * The hand of a sheet in `name`: by chance (`pen`) a font drawn with a pen, else by chance (`share`) a writer mixing its
 * letters with those of one to three more fonts of `names`.
 */
async function sheetHand(name: HandName, names: readonly HandName[], share: number, pen: number, seed: number) {
  const hand = loadHand(name);
  if ("kind" in hand) return hand;
  if (pen > 0 && seededRandom((seed ^ PEN_STREAM) >>> 0)() < pen) return penDrawnFont(hand);
  if (share <= 0) return hand;
  const random = seededRandom((seed ^ MIXING_STREAM) >>> 0);
  if (random() >= share) return hand;
  const fonts = names.map(loadHand).filter((font): font is HandFont => !("kind" in font) && font !== hand);
  const others = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, fonts));
  return mixedHand([hand, ...others], random);
}

/** A filled, photographed score sheet (one photo per page of its layout) with its ground truth. */
export async function syntheticSheet(options: SheetOptions): Promise<SyntheticPage[]> {
  const random = seededRandom(options.seed);
  const layout = options.layout ?? (random() < 0.8 ? "kiebitz-60" : "kiebitz-120");
  const pages = layoutPages(layout);
  const lastMove = pages[pages.length - 1].lastMove;
  const language = options.language ?? pick(random, NOTATION_LANGUAGES);
  const sans = options.sans ?? randomGame(random, layout === "kiebitz-120" ? 2 * lastMove : Math.min(2 * lastMove, 110), options.opening);
  const font = await sheetHand(pick(random, options.fonts), options.fonts, options.mixedHands ?? 0, options.penDrawn ?? 0, options.seed);
  const hand = await withDigits(randomHand(random, font), options.realDigits, options.seed);
  const randomRound = 1 + Math.floor(random() * (random() < 0.7 ? 9 : 15));
  const randomBoard = 1 + Math.floor(random() * (random() < 0.6 ? 20 : 150));
  const round = options.round ?? randomRound;
  const board = options.board === undefined ? randomBoard : options.board;
  const white = pick(random, NAMES);
  const black = pick(random, NAMES.filter((name) => name !== white));
  const result = pick(random, ["1-0", "0-1", "½-½", "1/2"]);
  const corrections = options.corrections ?? 0.03;
  const inNotation = sheetNotation(sans, language, options.longNotation ?? 0, options.seed, options.pieceNaming);
  const letters = anyPieceLetters(language, options.anyLetters ?? 0, options.seed);
  const marked = enPassantMarks(sans, options.enPassantMarks ?? 0, options.seed);
  const offered = drawOffers(sans.length, options.drawOffers ?? 0, options.seed);
  const colons = captureColons(options.captureColons ?? 0, options.seed);
  const slipped = writerSlip(sans, options.slip, options.seed);
  const write = (ply: number, sheetRandom: Random) => offered(ply, marked(ply, colons(letters(slipped.text(ply, inNotation(ply, sheetRandom))))));
  const out: SyntheticPage[] = [];
  for (const page of pages) {
    const parts: string[] = [];
    const roundWriting = writeInBox(String(round), page.header.round, hand, random);
    const boardWriting = board === null ? { svg: "", middles: [] } : writeInBox(String(board), page.header.board, hand, random);
    parts.push(roundWriting.svg, boardWriting.svg);
    parts.push(writeInBox(white, page.header.white, hand, random).svg);
    parts.push(writeInBox(black, page.header.black, hand, random).svg);
    const written: WrittenBox[] = [];
    for (const box of page.moveBoxes) {
      const ply = slipped.plyIn((box.move - 1) * 2 + (box.side === "w" ? 0 : 1));
      if (ply >= sans.length) continue;
      const text = write(ply, random);
      const mistake = random() < corrections ? write(Math.floor(random() * sans.length), random) : undefined;
      const writing = writeInBox(text, box, hand, random, mistake);
      parts.push(writing.svg);
      written.push({ move: box.move, side: box.side, text, middles: writing.middles });
    }
    if (sans.length <= 2 * page.lastMove) parts.push(writeInBox(result, page.header.result, hand, random).svg);
    const clean = await rasterizeSvg(templateSvg(page, translate, PAGE_WIDTH_MM * RENDER_PX_PER_MM, parts.join("")));
    const photo = await photograph(options.bend ? bowed(clean, options.bend / PAGE_WIDTH_MM) : clean, random);
    const headerMiddles = { round: roundWriting.middles, board: boardWriting.middles };
    out.push({ page, language, round, board, sans, written, headerMiddles, font: font.name, slipAt: slipped.at, clean, ...photo });
  }
  return out;
}
