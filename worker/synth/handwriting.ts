import type { Rect } from "~/sheets/templates";
import type opentype from "opentype.js";
import type { RealDigits } from "./digits";
import { capitalHeight, glyphFor, type HandFont } from "./fonts";
import { randomPenStyle, strokeText, type PenStyle, type StrokeFont } from "./strokes";

/** How one person writes: chosen once per sheet, varied a little per character. */
export type Hand = {
  font: HandFont | StrokeFont;
  /** how a writer drawn with strokes moves the pen (null for font outlines) */
  style: PenStyle | null;
  /** Letter height as a share of the box height. */
  size: number;
  /** Horizontal shear (positive leans right). */
  slant: number;
  /** Extra stroke width in mm (pen width). */
  pen: number;
  ink: string;
  spacing: number;
  /** Per-character jitter strength (0 = none). */
  jitter: number;
  /** Digits drawn by a real person (digits.ts) instead of the font's, for writers given them. */
  digits?: RealDigits;
};

export type Random = () => number;
const between = (random: Random, low: number, high: number) => low + (high - low) * random();
const gauss = (random: Random) => (random() + random() + random() - 1.5) * 1.15;

const INKS = ["#111", "#1a1f5c", "#0d2a7a", "#222", "#2b2b40", "#14306e"];
/** Pens of writers drawn with strokes: line width (mm) and colours (ballpoint, felt tip, pencil, pale ink). */
const PENS: { width: [number, number]; inks: string[] }[] = [
  { width: [0.22, 0.42], inks: INKS },
  { width: [0.4, 0.65], inks: ["#111", "#0d2a7a", "#1c1c1c"] },
  { width: [0.25, 0.45], inks: ["#555", "#666", "#777"] },
  { width: [0.25, 0.5], inks: ["#4a5a9a", "#5a6fb0", "#6b6b80"] },
];

export function randomHand(random: Random, font: HandFont | StrokeFont): Hand {
  if ("kind" in font) {
    const pen = PENS[Math.floor(random() * PENS.length)];
    return {
      font,
      style: randomPenStyle(random),
      size: between(random, 0.5, 0.95),
      slant: between(random, -0.35, 0.3),
      pen: between(random, ...pen.width),
      ink: pen.inks[Math.floor(random() * pen.inks.length)],
      spacing: between(random, 0.85, 1.25),
      jitter: between(random, 0.4, 1.2),
    };
  }
  return {
    font,
    style: null,
    size: between(random, 0.55, 0.85),
    slant: between(random, -0.3, 0.2),
    pen: between(random, 0, 0.28),
    ink: INKS[Math.floor(random() * INKS.length)],
    spacing: between(random, 0.92, 1.2),
    jitter: between(random, 0.4, 1.2),
  };
}

/** Outlines of a written text and, for each of its characters, the x of its middle (NaN without a glyph). */
type Placed = { svg: string; width: number; middles: number[] };

/** What a hand put into a box: its SVG and the x (mm on the page) of the middle of each character written. */
export type Writing = { svg: string; middles: number[] };

/** Glyph outlines at 100 units per em, computed once per font and character (opentype.js keeps what it draws). */
export const OUTLINE_SIZE = 100;
const outlines = new WeakMap<opentype.Font, Map<number, string>>();
export function outline(font: opentype.Font, glyph: opentype.Glyph): string {
  let drawn = outlines.get(font);
  if (!drawn) outlines.set(font, (drawn = new Map()));
  let data = drawn.get(glyph.index);
  if (data === undefined) {
    data = glyph.getPath(0, 0, OUTLINE_SIZE).toPathData(2);
    drawn.set(glyph.index, data);
  }
  return data;
}

/** A letter of another font than the hand's own (a mixed hand's) is scaled so that its capitals are as tall as the hand's. */
const letterScale = (hand: HandFont, font: opentype.Font) => (hand.glyphFonts.includes(font) ? 1 : capitalHeight(hand.glyphFonts[0]) / capitalHeight(font));

/** A text drawn by a writer with strokes: one path per piece of line, its width following the pressure. */
function penStrokes(text: string, font: StrokeFont, hand: Hand & { style: PenStyle }, sizeMm: number, random: Random): Placed {
  const drawn = strokeText(text, font, hand.style, sizeMm, hand.spacing, random);
  // a pen's line is at most a tenth of the letters' size: thick pens write bigger
  const pen = Math.min(hand.pen, 0.1 * sizeMm);
  const paths = drawn.strokes.map(({ points, width }) => {
    const line = (points.length === 1 ? [points[0], points[0]] : points).map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`);
    return `<path d="M${line.join("L")}" stroke-width="${(pen * width).toFixed(3)}"/>`;
  });
  return { svg: paths.join(""), width: drawn.width, middles: drawn.middles.map((m) => m + 0.35 * sizeMm * hand.slant) };
}

/** A real person's digit (the hand's `digits`) standing on the baseline at a size (mm per em), jittered as the letters are. */
function realDigit(digit: number, digits: RealDigits, hand: Hand, sizeMm: number, random: Random): Placed {
  const drawing = digits.drawings[digit][random() < 0.75 ? 0 : 1];
  const height = digits.height * sizeMm * (1 + gauss(random) * 0.07 * hand.jitter);
  const width = drawing.aspect * height;
  const dy = gauss(random) * 0.05 * sizeMm * hand.jitter;
  const rotation = gauss(random) * 4 * hand.jitter;
  const svg = `<image transform="translate(0 ${dy.toFixed(3)}) rotate(${rotation.toFixed(2)})" x="0" y="${(-height).toFixed(3)}" width="${width.toFixed(3)}" height="${height.toFixed(3)}" preserveAspectRatio="none" href="${drawing.uri}"/>`;
  // a narrow digit (a 1) takes the room of a third of its height
  const advance = Math.max(width, height / 3) + 0.12 * height * hand.spacing;
  return { svg, width: advance, middles: [width / 2 + 0.35 * sizeMm * hand.slant] };
}

/** A text with real digits: the digits drawn from the writer's own (realDigit), the rest in the hand's letters. */
function withRealDigits(text: string, digits: RealDigits, hand: Hand, sizeMm: number, random: Random): Placed {
  let x = 0;
  const parts: string[] = [];
  const middles: number[] = [];
  for (const run of text.match(/[0-9]|[^0-9]+/g) ?? []) {
    const placed = /[0-9]/.test(run) ? realDigit(Number(run), digits, hand, sizeMm, random) : letters(run, hand, sizeMm, random);
    parts.push(`<g transform="translate(${x.toFixed(3)} 0)">${placed.svg}</g>`);
    middles.push(...placed.middles.map((m) => x + m));
    x += placed.width;
  }
  return { svg: parts.join(""), width: x, middles };
}

/** Glyph outlines of a text at a size (mm), each character with its own jitter; width in mm. */
function glyphs(text: string, hand: Hand, sizeMm: number, random: Random): Placed {
  return hand.digits && /[0-9]/.test(text) ? withRealDigits(text, hand.digits, hand, sizeMm, random) : letters(text, hand, sizeMm, random);
}

/** The hand's own glyphs of a text: its font's outlines or its pen's strokes. */
function letters(text: string, hand: Hand, sizeMm: number, random: Random): Placed {
  if ("kind" in hand.font) return penStrokes(text, hand.font, hand as Hand & { style: PenStyle }, sizeMm, random);
  let x = 0;
  const parts: string[] = [];
  const middles: number[] = [];
  for (const rawChar of text) {
    let char = rawChar;
    let found = glyphFor(hand.font, char);
    if (!found && char === "Ş") {
      char = "S";
      found = glyphFor(hand.font, char);
    }
    if (!found) {
      middles.push(Number.NaN);
      continue;
    }
    const { font, glyph } = found;
    const size = sizeMm * letterScale(hand.font, font) * (1 + gauss(random) * 0.07 * hand.jitter);
    const advance = ((glyph.advanceWidth ?? font.unitsPerEm * 0.5) / font.unitsPerEm) * size;
    const dy = gauss(random) * 0.05 * sizeMm * hand.jitter;
    const rotation = gauss(random) * 4 * hand.jitter;
    const data = outline(font, glyph);
    const scale = size / OUTLINE_SIZE;
    const stroke = hand.pen > 0.02 ? ` stroke-width="${(hand.pen / scale).toFixed(2)}"` : "";
    parts.push(`<path transform="translate(${x.toFixed(3)} ${dy.toFixed(3)}) rotate(${rotation.toFixed(2)}) scale(${scale.toFixed(4)})"${stroke} d="${data}"/>`);
    if (rawChar === "Ş" && char === "S") parts.push(`<path transform="translate(${(x + advance * 0.45).toFixed(3)} 0)" d="M0 0.2 q0.4 0.5 -0.3 0.9" fill="none" stroke="${hand.ink}" stroke-width="${(0.25 + hand.pen).toFixed(2)}"/>`);
    // the middle of the letter at half its height, where the slant shifts it by half the height's shear
    middles.push(x + advance / 2 + 0.35 * sizeMm * hand.slant);
    x += advance * hand.spacing + gauss(random) * 0.04 * sizeMm * hand.jitter;
  }
  return { svg: parts.join(""), width: x, middles };
}

function group(hand: Hand, x: number, y: number, content: string, slant: number): string {
  const skew = ((-Math.atan(slant) * 180) / Math.PI).toFixed(2);
  const transform = `translate(${x.toFixed(3)} ${y.toFixed(3)}) skewX(${skew})`;
  if (hand.style) {
    const opacity = hand.style.opacity < 1 ? ` opacity="${hand.style.opacity.toFixed(2)}"` : "";
    return `<g transform="${transform}" fill="none" stroke="${hand.ink}" stroke-linecap="round" stroke-linejoin="round"${opacity}>${content}</g>`;
  }
  const stroke = hand.pen > 0.02 ? ` stroke="${hand.ink}" stroke-linejoin="round"` : "";
  return `<g transform="${transform}" fill="${hand.ink}"${stroke}>${content}</g>`;
}

/** A scribble that crosses out a written word (zigzag or a straight strike). */
function crossOut(hand: Hand, x: number, baseline: number, width: number, height: number, random: Random): string {
  if (random() < 0.5) {
    const y = baseline - height * between(random, 0.3, 0.5);
    return `<path d="M${x} ${y} L${x + width} ${y + gauss(random) * 0.4}" stroke="${hand.ink}" stroke-width="${0.35 + hand.pen}" fill="none"/>`;
  }
  const points: string[] = [];
  const steps = Math.max(4, Math.round(width / 1.2));
  for (let i = 0; i <= steps; i++) {
    const px = x + (width * i) / steps;
    const py = baseline - (i % 2 === 0 ? height * 0.9 : height * 0.05) + gauss(random) * 0.3;
    points.push(`${px.toFixed(2)} ${py.toFixed(2)}`);
  }
  return `<path d="M${points.join(" L")}" stroke="${hand.ink}" stroke-width="${0.3 + hand.pen}" fill="none" stroke-linejoin="round"/>`;
}

/**
 * Writes a text into a box as this hand does; with `mistake`, first writes that text, crosses
 * it out and writes the intended text after it (a correction).
 */
export function writeInBox(text: string, box: Rect, hand: Hand, random: Random, mistake?: string): Writing {
  let size = box.h * hand.size * (1 + gauss(random) * 0.05);
  const left = box.x + between(random, 0.6, 3.5);
  const room = box.x + box.w - 0.6 - left;
  const baseline = box.y + box.h * between(random, 0.72, 0.86);
  const tilt = hand.slant + gauss(random) * 0.05;
  if (!mistake) {
    let placed = glyphs(text, hand, size, random);
    if (placed.width > room) {
      size *= room / placed.width;
      placed = glyphs(text, hand, size, random);
    }
    return { svg: group(hand, left, baseline, placed.svg, tilt), middles: placed.middles.map((m) => left + m) };
  }
  const wrong = glyphs(mistake, hand, size * 0.8, random);
  const right = glyphs(text, hand, size * 0.8, random);
  const needed = wrong.width + right.width + 1.2;
  const shrink = needed > room ? room / needed : 1;
  const wrongPlaced = shrink < 1 ? glyphs(mistake, hand, size * 0.8 * shrink, random) : wrong;
  const rightPlaced = shrink < 1 ? glyphs(text, hand, size * 0.8 * shrink, random) : right;
  const rightX = left + wrongPlaced.width + 1.2 * shrink;
  return {
    svg:
      group(hand, left, baseline, wrongPlaced.svg, tilt) +
      crossOut(hand, left - 0.3, baseline, wrongPlaced.width + 0.6, size * 0.8 * shrink, random) +
      group(hand, rightX, baseline, rightPlaced.svg, tilt),
    middles: rightPlaced.middles.map((m) => rightX + m),
  };
}
