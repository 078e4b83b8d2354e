import type opentype from "opentype.js";
import sharp from "sharp";
import TraceSkeleton from "skeleton-tracing-js";
import { components } from "../vision/components";
import { capitalHeight, glyphFor, type HandFont } from "./fonts";
import { outline, OUTLINE_SIZE } from "./handwriting";
import { CAP_HEIGHT, type StrokeFont, type StrokeGlyph } from "./strokes";

/**
 * A handwriting font's letters as a pen draws them: each glyph rasterised and thinned to its centre line
 * (Zhang–Suen thinning traced into polylines by npm's `skeleton-tracing-js`), so that a writer drawn with
 * strokes (strokes.ts: his own shapes, tremor, pressure, joins, pens) writes in the font's shapes. Fonts are
 * filled outlines whose width follows a nib or a brush; a ballpoint's line is nearly even, as the pen-drawn
 * writers' are (README, "Every training font drawn with a pen").
 */

/** Height of the rasterised capitals in pixels: a font's strokes are then 4–12 pixels wide, thick enough to thin cleanly. */
const CAPITAL_PIXELS = 64;
/** Each glyph's square cell: twice the capitals' height above the baseline, once below, and three times across. */
const CELL = 3 * CAPITAL_PIXELS;
const BASELINE = 2 * CAPITAL_PIXELS;
const LEFT = CAPITAL_PIXELS / 2;
/** Width (pixels) of the line drawn round every outline: hairlines thinner than a pixel would fall apart. */
const HAIRLINE = 1.5;
/** What a writer drawn with strokes may write: the printable ASCII characters (moves, names, results, round and board). */
const CHARACTERS = [...Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)), "½"];

const cache = new Map<string, Promise<StrokeFont>>();

/** The font drawn with a pen: every glyph of CHARACTERS it has, as polylines along its centre lines in em (cap height 0.7). */
export function penDrawnFont(font: HandFont): Promise<StrokeFont> {
  let drawn = cache.get(font.name);
  if (!drawn) cache.set(font.name, (drawn = thinned(font)));
  return drawn;
}

type Pixel = [number, number];

/**
 * The blobs of a cell's ink that thinning leaves nothing of (a colon's dots: a small round dot thins away), each as a
 * dot at its middle: those with no traced point within their box.
 */
function dots(cell: Uint8Array, lines: readonly Pixel[][]): Pixel[][] {
  const traced = lines.flat();
  return components(cell, CELL, CELL)
    .filter((blob) => !traced.some(([x, y]) => x >= blob.minX - 1 && x <= blob.maxX + 1 && y >= blob.minY - 1 && y <= blob.maxY + 1))
    .map((blob) => [[blob.cx, blob.cy]]);
}

/**
 * The lines as a writer draws them, from left to right, each from its left end: a join to the next letter (strokes.ts)
 * then runs from the right of this one to the left of that one, as a hand's does, not through the letter.
 */
function leftToRight(lines: Pixel[][]): Pixel[][] {
  return lines.map((line) => (line[line.length - 1][0] < line[0][0] ? [...line].reverse() : line)).sort((a, b) => a[0][0] - b[0][0]);
}

/** A glyph's advance in the em of the pen-drawn writers (cap height CAP_HEIGHT). */
const advanceOf = (font: opentype.Font, glyph: opentype.Glyph) => ((glyph.advanceWidth ?? font.unitsPerEm / 2) / font.unitsPerEm) * (CAP_HEIGHT / capitalHeight(font));

async function thinned(hand: HandFont): Promise<StrokeFont> {
  const found = CHARACTERS.flatMap((char) => {
    const glyph = glyphFor(hand, char);
    return glyph ? [{ char, ...glyph }] : [];
  });
  // every glyph side by side, each in a cell of its own, rasterised at once; outlines drawn at their usual size and
  // scaled (opentype.js writes NaN for some variable fonts' points at other sizes), and outlined by HAIRLINE pixels so
  // that a formal script's hairlines stay joined
  const paths = found.map(({ font, glyph }, i) => {
    const scale = CAPITAL_PIXELS / capitalHeight(font) / OUTLINE_SIZE;
    return `<path transform="translate(${i * CELL + LEFT} ${BASELINE}) scale(${scale.toFixed(5)})" stroke-width="${(HAIRLINE / scale).toFixed(2)}" d="${outline(font, glyph)}"/>`;
  });
  const width = found.length * CELL;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CELL}"><rect width="100%" height="100%" fill="black"/><g fill="white" stroke="white">${paths.join("")}</g></svg>`;
  const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const toEm = ([x, y]: Pixel): Pixel => [((x - LEFT) * CAP_HEIGHT) / CAPITAL_PIXELS, ((BASELINE - y) * CAP_HEIGHT) / CAPITAL_PIXELS];
  const glyphs = new Map<string, StrokeGlyph>();
  found.forEach(({ char, font, glyph }, i) => {
    const cell = new Uint8Array(CELL * CELL);
    for (let y = 0; y < CELL; y++) for (let x = 0; x < CELL; x++) cell[y * CELL + x] = data[y * width + i * CELL + x] > 127 ? 1 : 0;
    const lines = TraceSkeleton.fromBoolArray(cell, CELL, CELL).polylines;
    glyphs.set(char, { strokes: leftToRight([...lines, ...dots(cell, lines)]).map((line) => line.map(toEm)), advance: advanceOf(font, glyph) });
  });
  const [own] = hand.glyphFonts;
  glyphs.set(" ", { strokes: [], advance: advanceOf(own, own.charToGlyph(" ")) });
  return { kind: "strokes", name: hand.name, glyphs };
}
