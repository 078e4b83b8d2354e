import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { seededRandom } from "~/chess/random";
import type { FontName } from "./fonts";

/**
 * Writers drawn with a pen instead of filled font outlines: single-line vector fonts (the Hershey
 * fonts and the EMS engraving fonts of npm's `hersheytext`, MIT / SIL OFL) whose strokes each
 * writer changes in his own way (shape of every character, slant, proportions), and whose pen
 * moves unsteadily (tremor, pressure) and sometimes joins letters. Training uses only
 * TRAINING_STROKES; HELD_OUT_STROKES are kept for measuring, as the held-out fonts are.
 */
export const TRAINING_STROKES = [
  "futural", "futuram", "hershey_sans_1", "hershey_sans_med", "timesi", "ems_allure", "ems_elfin", "ems_nixish", "ems_nixish_italic",
  "ems_tech", "ems_osmotron",
] as const;
/**
 * Held out by family, not by font: the Hershey script family (five variants, some sharing most glyphs)
 * and the Readability and Felix families never appear in training.
 */
export const HELD_OUT_STROKES = ["cursive", "scripts", "scriptc", "hershey_script_1", "hershey_script_med", "ems_felix", "ems_readability", "ems_readability_italic"] as const;
export type StrokeFontName = (typeof TRAINING_STROKES)[number] | (typeof HELD_OUT_STROKES)[number];

/** A point in em units, y up from the baseline. */
type Point = [number, number];
/** A character as polylines in em units (cap height 0.7), x from 0, with its advance. */
export type StrokeGlyph = { strokes: Point[][]; advance: number };
/** `name`: the single-line font's, or the handwriting font's that a pen draws (skeleton.ts). */
export type StrokeFont = { kind: "strokes"; name: StrokeFontName | FontName; glyphs: Map<string, StrokeGlyph> };

export const CAP_HEIGHT = 0.7;
const require = createRequire(import.meta.url);
const packageDir = () => path.dirname(require.resolve("hersheytext/package.json"));
const cache = new Map<StrokeFontName, StrokeFont>();

/** Polylines of an SVG path made of M and L commands (all these fonts use). */
function polylines(d: string, map: (x: number, y: number) => Point): Point[][] {
  const strokes: Point[][] = [];
  for (const part of d.split("M").slice(1)) {
    const numbers = part.replace(/L/g, " ").trim().split(/[\s,]+/).map(Number);
    const stroke: Point[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) stroke.push(map(numbers[i], numbers[i + 1]));
    if (stroke.length > 0) strokes.push(stroke);
  }
  return strokes;
}

let hersheyData: Record<string, { chars: { d: string; o: number }[] }> | null = null;

function hersheyFont(name: StrokeFontName): Map<string, StrokeGlyph> {
  // one file holds every Hershey font: read once
  const data = (hersheyData ??= JSON.parse(readFileSync(path.join(packageDir(), "hersheytext.json"), "utf8")) as Record<string, { chars: { d: string; o: number }[] }>);
  // characters from '!' on; y grows downwards with the baseline at 22 and capitals from 1
  const scale = CAP_HEIGHT / 21;
  const glyphs = new Map<string, StrokeGlyph>();
  data[name].chars.forEach((char, i) => {
    glyphs.set(String.fromCharCode(33 + i), { strokes: polylines(char.d, (x, y) => [x * scale, (22 - y) * scale]), advance: 2 * char.o * scale });
  });
  glyphs.set(" ", { strokes: [], advance: 0.3 });
  return glyphs;
}

function svgFont(name: StrokeFontName): Map<string, StrokeGlyph> {
  const index = JSON.parse(readFileSync(path.join(packageDir(), "svg_fonts/index.json"), "utf8")) as Record<string, { file: string }>;
  const svg = readFileSync(path.join(packageDir(), "svg_fonts", index[name].file), "utf8");
  const raw = new Map<string, { d: string; advance: number }>();
  for (const match of svg.matchAll(/<glyph\s+unicode="([^"]*)"[^>]*?horiz-adv-x="([\d.]+)"(?:[^>]*?\sd="([^"]*)")?/g)) {
    const char = match[1].replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace("&amp;", "&").replace("&quot;", '"');
    raw.set(char, { d: match[3] ?? "", advance: Number(match[2]) });
  }
  const capTop = Math.max(...polylines(raw.get("H")?.d ?? "M0 700", (x, y) => [x, y]).flat().map(([, y]) => y));
  const scale = CAP_HEIGHT / capTop;
  const glyphs = new Map<string, StrokeGlyph>();
  for (const [char, { d, advance }] of raw) glyphs.set(char, { strokes: polylines(d, (x, y) => [x * scale, y * scale]), advance: advance * scale });
  return glyphs;
}

export function loadStrokeFont(name: StrokeFontName): StrokeFont {
  let font = cache.get(name);
  if (!font) {
    font = { kind: "strokes", name, glyphs: name.includes("_") ? svgFont(name) : hersheyFont(name) };
    cache.set(name, font);
  }
  return font;
}

type Random = () => number;
const gauss = (random: Random) => (random() + random() + random() - 1.5) * 1.15;

/** How a writer moves the pen: fixed for a sheet. */
export type PenStyle = {
  /** seed of the writer's own shape of each character */
  shapeSeed: number;
  /** how far (em) his characters depart from the font's */
  shape: number;
  /** tremor (em, per step of the pen) */
  tremor: number;
  /** how much the line width varies with pressure (0–1) */
  pressure: number;
  /** chance that a letter is joined to the one before */
  joins: number;
  /** crosses his sevens */
  crossedSeven: boolean;
  opacity: number;
};

export function randomPenStyle(random: Random): PenStyle {
  return {
    shapeSeed: Math.floor(random() * 2 ** 31),
    shape: 0.02 + random() * 0.06,
    tremor: random() * 0.012,
    pressure: random() * 0.7,
    joins: random() < 0.5 ? 0 : random() * 0.7,
    crossedSeven: random() < 0.3,
    opacity: random() < 0.2 ? 0.55 + random() * 0.3 : 1,
  };
}

/** A smooth displacement of the plane (em), the same wherever it is used with the same seed. */
function warp(seed: number, amplitude: number): (p: Point) => Point {
  const random = seededRandom(seed);
  const waves = Array.from({ length: 3 }, () => ({
    fx: 2 + random() * 6, fy: 2 + random() * 6, phase: random() * 2 * Math.PI, ax: gauss(random) * amplitude, ay: gauss(random) * amplitude,
  }));
  const sx = 1 + gauss(random) * amplitude * 2;
  const sy = 1 + gauss(random) * amplitude * 2;
  const shear = gauss(random) * amplitude * 2;
  return ([x, y]) => {
    let dx = 0;
    let dy = 0;
    for (const w of waves) {
      const s = Math.sin(w.fx * x + w.fy * y + w.phase);
      dx += w.ax * s;
      dy += w.ay * s;
    }
    return [x * sx + y * shear + dx, y * sy + dy];
  };
}

/** The polyline resampled every `step` em, so that tremor and pressure vary along it. */
function resample(stroke: Point[], step: number): Point[] {
  const out: Point[] = [stroke[0]];
  for (let i = 1; i < stroke.length; i++) {
    const [x0, y0] = stroke[i - 1];
    const [x1, y1] = stroke[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

const code = (char: string) => char.codePointAt(0) ?? 0;

/**
 * Polylines (mm, SVG's y downwards from the baseline) of a text this writer writes at a size (mm
 * per em), with each character's middle x and the text's width.
 */
export function strokeText(text: string, font: StrokeFont, style: PenStyle, sizeMm: number, spacing: number, random: Random): { strokes: { points: Point[]; width: number }[]; middles: number[]; width: number } {
  const strokes: Point[][] = [];
  const middles: number[] = [];
  let x = 0;
  let last: Point | null = null;
  for (const char of text) {
    const glyph = font.glyphs.get(char) ?? (char === "Ş" ? font.glyphs.get("S") : undefined);
    if (!glyph) {
      middles.push(Number.NaN);
      last = null;
      continue;
    }
    const own = warp(style.shapeSeed * 131 + code(char), style.shape);
    const once = warp(Math.floor(random() * 2 ** 31), style.shape / 3);
    const dy = gauss(random) * 0.03;
    const place = (p: Point): Point => {
      const [px, py] = once(own(p));
      return [x + px, py + dy];
    };
    const drawn = glyph.strokes.map((stroke) => stroke.map(place));
    if (char === "7" && style.crossedSeven) drawn.push([place([glyph.advance * 0.3, CAP_HEIGHT * 0.45]), place([glyph.advance * 0.75, CAP_HEIGHT * 0.47])]);
    if (char === "Ş") drawn.push([place([glyph.advance * 0.5, -0.02]), place([glyph.advance * 0.42, -0.12])]);
    const first = drawn[0]?.[0];
    // a join runs from where the last letter ended low to where this one starts
    if (last && first && last[1] < 0.25 && /[a-z0-9]/i.test(char) && random() < style.joins) strokes.push([last, first]);
    strokes.push(...drawn);
    last = drawn.at(-1)?.at(-1) ?? null;
    middles.push((x + glyph.advance / 2) * sizeMm);
    x += glyph.advance * spacing + gauss(random) * 0.03;
  }
  const pen: { points: Point[]; width: number }[] = [];
  const phase = random() * 2 * Math.PI;
  let travelled = 0;
  for (const stroke of strokes) {
    const points = resample(stroke, 0.04).map(([px, py]): Point => [px + gauss(random) * style.tremor, py + gauss(random) * style.tremor]);
    // pressure: the width follows a slow wave along the writing, in pieces of a few steps
    for (let i = 0; i + 1 < points.length; i += 4) {
      const piece = points.slice(i, i + 5);
      travelled += piece.length;
      pen.push({ points: piece.map(([px, py]): Point => [px * sizeMm, -py * sizeMm]), width: 1 + style.pressure * 0.5 * Math.sin(travelled / 9 + phase) });
    }
    if (points.length === 1) pen.push({ points: [[points[0][0] * sizeMm, -points[0][1] * sizeMm]], width: 1 });
  }
  return { strokes: pen, middles, width: x * sizeMm };
}
