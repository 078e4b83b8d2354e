import { CODE_CELLS, MARKER_SIZE_MM, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, decodeCodeBits, markerCentre, templatePage, type TemplatePage } from "~/sheets/templates";
import { homography, project, type Homography, type Point } from "../vision/geometry";
import { sample, straightened, type GrayImage } from "../vision/image";
import type { Component } from "../vision/components";
import { placeByGrid } from "./grid";
import { markerCandidates, quadrilaterals, triangles } from "./markers";
import { DETECTION } from "~/sheets/status";

/** Resolution of the corrected page image the later steps work on. */
export const PAGE_PX_PER_MM = 6;

export type LayoutFound = {
  status: typeof DETECTION.detected;
  page: TemplatePage;
  /** Millimetres on the form → pixels of the photo. */
  toPhoto: Homography;
  confidence: number;
};
export type LayoutMissing = { status: typeof DETECTION.layoutNotDetected; confidence: number };
export type LayoutResult = LayoutFound | LayoutMissing;

const PAPER_POINTS: Point[] = [{ x: 23, y: 13 }, { x: 95, y: 13 }, { x: 105, y: 62 }, { x: 100, y: 284 }];

/** The mean grey of nine points around (x, y) mm; `outside`: the grey of points off the photo (NaN: the mean is NaN). */
function meanAround(image: GrayImage, toPhoto: Homography, x: number, y: number, halfMm: number, outside = 0): number {
  let sum = 0;
  let count = 0;
  for (let i = -1; i <= 1; i++)
    for (let j = -1; j <= 1; j++) {
      const p = project(toPhoto, x + (i * halfMm) / 1.5, y + (j * halfMm) / 1.5);
      sum += sample(image, p.x - 0.5, p.y - 0.5, outside);
      count++;
    }
  return sum / count;
}

/** Where the paper around a marker is looked at: this far from its centre (2.5 mm beyond its edge), across, along and diagonally. */
const MARGIN_REACH_MM = MARKER_SIZE_MM / 2 + 2.5;
const MARGIN_DIRECTIONS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]] as const;

/**
 * How surely each marker is a black square with paper all round it: the darkest of the paper around it against
 * the palest, seen from its inside (paper in a shadow is still even around a marker), and the marker at least half
 * as dark against that paper as the page's contrast. A dark blob that is no marker (a piece of the background beside
 * the page, a shadow's edge) has no even paper around it, and a quadrilateral that takes it places the page wrong.
 */
function markersOnPaper(image: GrayImage, toPhoto: Homography, present: readonly number[], black: number, white: number): number {
  let confidence = 1;
  present.forEach((i) => {
    const centre = markerCentre(i);
    const inside = meanAround(image, toPhoto, centre.x, centre.y, 3);
    // paper cut off by the photo's edge is not looked at
    const margin = MARGIN_DIRECTIONS.map(([dx, dy]) => meanAround(image, toPhoto, centre.x + dx * MARGIN_REACH_MM, centre.y + dy * MARGIN_REACH_MM, 1, NaN)).filter((v) => !Number.isNaN(v));
    if (margin.length < MARGIN_DIRECTIONS.length / 2) {
      confidence = 0;
      return;
    }
    const darkest = Math.min(...margin) - inside;
    const palest = Math.max(...margin) - inside;
    confidence = Math.min(confidence, Math.max(0, Math.min(1, darkest / palest, (2 * palest) / (white - black))));
  });
  return confidence;
}

const ALL_MARKERS = [0, 1, 2, 3] as const;

/**
 * Each code cell is looked at this far (mm) above and below where the markers put it, its darkest kept: a bent page
 * bows its top edge by millimetres between the markers, and there is only paper above and below the cells.
 */
const CODE_SHIFTS_MM = [-4, -3, -2, -1, 0, 1, 2, 3, 4];

/** The markers' black and the paper's white, and how surely the `present` markers are markers on paper; null when there is no contrast. */
function markersSeen(image: GrayImage, toPhoto: Homography, present: readonly number[]): { black: number; white: number; confidence: number } | null {
  const black = present.reduce((s, i) => s + meanAround(image, toPhoto, markerCentre(i).x, markerCentre(i).y, 3), 0) / present.length;
  const papers = PAPER_POINTS.map((p) => meanAround(image, toPhoto, p.x, p.y, 1.5)).sort((a, b) => a - b);
  const white = (papers[1] + papers[2]) / 2;
  return white - black < 25 ? null : { black, white, confidence: markersOnPaper(image, toPhoto, present, black, white) };
}

/** Reads the code cells for one assignment of the `present` markers to corners; null when they are no valid code. */
function readCode(image: GrayImage, toPhoto: Homography, present: readonly number[] = ALL_MARKERS): { code: number; confidence: number } | null {
  const seen = markersSeen(image, toPhoto, present);
  if (!seen) return null;
  const { black, white } = seen;
  const middle = (white + black) / 2;
  let confidence = seen.confidence;
  const bits = CODE_CELLS.map((cell) => {
    const value = Math.min(...CODE_SHIFTS_MM.map((dy) => meanAround(image, toPhoto, cell.x + cell.w / 2, cell.y + cell.h / 2 + dy, cell.w * 0.3)));
    confidence = Math.min(confidence, Math.min(1, (2 * Math.abs(value - middle)) / (white - black)));
    return value < middle;
  });
  const code = decodeCodeBits(bits);
  return code === null ? null : { code, confidence };
}

/** Finds which of our forms a photo shows and where its corners are (spec §4: 2 detected, 11 not detected). */
export function detectLayout(image: GrayImage): LayoutResult {
  const candidates = markerCandidates(image);
  return byFourMarkers(image, candidates) ?? byThreeMarkers(image, candidates) ?? { status: DETECTION.layoutNotDetected, confidence: 0 };
}

const TEMPLATE_MARKERS = ALL_MARKERS.map(markerCentre);

/** Keeps the surer of two placements. */
const surer = (best: LayoutFound | null, found: LayoutFound): LayoutFound => (!best || found.confidence > best.confidence ? found : best);
/** A placement this sure ends the search. */
const sureEnough = (best: LayoutFound | null) => best !== null && best.confidence > 0.5;

function byFourMarkers(image: GrayImage, candidates: Component[]): LayoutFound | null {
  let best: LayoutFound | null = null;
  for (const points of quadrilaterals(candidates)) {
    for (let rotation = 0; rotation < 4; rotation++) {
      const corners = ALL_MARKERS.map((i) => points[(i + rotation) % 4]);
      const toPhoto = homography(TEMPLATE_MARKERS, corners);
      if (!toPhoto) continue;
      const read = readCode(image, toPhoto);
      const page = read && templatePage(read.code);
      if (read && page) best = surer(best, { status: DETECTION.detected, page, toPhoto, confidence: read.confidence });
    }
    if (sureEnough(best)) break;
  }
  return best;
}

/**
 * A page with one marker out of the photo (or hidden): the fourth corner is first put where the other three make
 * it a parallelogram, the page's code read, and the page then placed by its printed grid (grid.ts).
 */
function byThreeMarkers(image: GrayImage, candidates: Component[]): LayoutFound | null {
  let best: LayoutFound | null = null;
  for (const points of triangles(candidates)) {
    for (let missing = 0; missing < 4; missing++) {
      const present = [1, 2, 3].map((j) => (missing + j) % 4);
      for (let rotation = 0; rotation < 3; rotation++) {
        const corners: Point[] = [];
        present.forEach((corner, j) => (corners[corner] = points[(j + rotation) % 3]));
        const [after, opposite, before] = present.map((i) => corners[i]);
        const parallelogram = { x: before.x + after.x - opposite.x, y: before.y + after.y - opposite.y };
        const [afterMm, oppositeMm] = [TEMPLATE_MARKERS[present[0]], TEMPLATE_MARKERS[present[1]]];
        const pxPerMm = Math.hypot(after.x - opposite.x, after.y - opposite.y) / Math.hypot(afterMm.x - oppositeMm.x, afterMm.y - oppositeMm.y);
        const guess = bestGuess(image, corners, missing, parallelogram, present, pxPerMm);
        if (!guess) continue;
        const { toPhoto: start, read, page } = guess;
        const anchors = present.map((i) => ({ form: TEMPLATE_MARKERS[i], photo: corners[i] }));
        const placed = placeByGrid(image, start, page, anchors, PAGE_WIDTH_MM, PAGE_HEIGHT_MM);
        if (placed) best = surer(best, { status: DETECTION.detected, page, toPhoto: placed.toPhoto, confidence: Math.min(read.confidence, placed.found) });
      }
    }
    if (sureEnough(best)) break;
  }
  return best;
}

/** How far (mm) from the parallelogram's corner the missing corner is looked for, and in what steps. */
const GUESS_REACH_MM = 12;
const GUESS_STEP_MM = 2;
/** The offsets tried, nearest first; a farther one is taken only where its code reads this much surer. */
const GUESS_OFFSETS = Array.from({ length: (2 * GUESS_REACH_MM) / GUESS_STEP_MM + 1 }, (_, i) => -GUESS_REACH_MM + i * GUESS_STEP_MM)
  .flatMap((dx, _, steps) => steps.map((dy) => ({ dx, dy })))
  .sort((a, b) => Math.hypot(a.dx, a.dy) - Math.hypot(b.dx, b.dy));
const GUESS_BETTER = 0.05;
/** Three blobs that are less surely markers on paper than this are not looked at further. */
const MARKERS_AT_LEAST = 0.25;

/**
 * Where the missing corner is, as far as the code cells tell: a photo's perspective puts it up to a centimetre from
 * the parallelogram's corner, enough to misread the code when the missing marker is the top right one, so places
 * around it are tried and the one whose code reads surest kept.
 */
function bestGuess(image: GrayImage, found: readonly Point[], missing: number, parallelogram: Point, present: number[], pxPerMm: number) {
  const corners = [...found];
  corners[missing] = parallelogram;
  const first = homography(TEMPLATE_MARKERS, corners);
  const seen = first && markersSeen(image, first, present);
  if (!seen || seen.confidence < MARKERS_AT_LEAST) return null;
  let best: { toPhoto: Homography; read: { code: number; confidence: number }; page: TemplatePage } | null = null;
  for (const { dx, dy } of GUESS_OFFSETS) {
    corners[missing] = { x: parallelogram.x + dx * pxPerMm, y: parallelogram.y + dy * pxPerMm };
    const toPhoto = homography(TEMPLATE_MARKERS, corners);
    const read = toPhoto && readCode(image, toPhoto, present);
    const page = read && templatePage(read.code);
    if (toPhoto && read && page && (!best || read.confidence > best.read.confidence + GUESS_BETTER)) best = { toPhoto, read, page };
  }
  return best;
}

/** The page seen straight on, at PAGE_PX_PER_MM. */
export const correctPerspective = (image: GrayImage, layout: LayoutFound, widthMm: number, heightMm: number): GrayImage =>
  straightened(image, layout.toPhoto, widthMm, heightMm, PAGE_PX_PER_MM);
