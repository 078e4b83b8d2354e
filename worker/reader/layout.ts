import { CODE_CELLS, MARKERS, decodeCodeBits, markerCentre, templatePage, type TemplatePage } from "~/sheets/templates";
import { components, solidity, type Component } from "../vision/components";
import { homography, project, type Homography, type Point } from "../vision/geometry";
import { adaptiveThreshold, sample, warp, type GrayImage } from "../vision/image";
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

const MAX_CANDIDATES = 14;
const PAPER_POINTS: Point[] = [{ x: 23, y: 13 }, { x: 95, y: 13 }, { x: 105, y: 62 }, { x: 100, y: 284 }];

function markerCandidates(image: GrayImage): Component[] {
  const side = Math.min(image.width, image.height);
  const mask = adaptiveThreshold(image, Math.round(side / 8), 0.75);
  const minArea = (side / 120) ** 2;
  const maxArea = (side / 8) ** 2;
  return components(mask, image.width, image.height, minArea)
    .filter((c) => {
      if (c.area > maxArea) return false;
      const { compactness, elongation } = solidity(c);
      return compactness > 0.75 && compactness < 1.3 && elongation < 1.8;
    })
    .sort((a, b) => b.area - a.area)
    .slice(0, MAX_CANDIDATES);
}

function quadArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Four candidates in clockwise order (image coordinates), largest quadrilaterals first. */
function quadrilaterals(candidates: Component[]): Point[][] {
  const quads: { points: Point[]; area: number }[] = [];
  const n = candidates.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const chosen = [candidates[a], candidates[b], candidates[c], candidates[d]];
          const areas = chosen.map((m) => m.area);
          if (Math.max(...areas) / Math.min(...areas) > 3) continue;
          const cx = chosen.reduce((s, m) => s + m.cx, 0) / 4;
          const cy = chosen.reduce((s, m) => s + m.cy, 0) / 4;
          const points = chosen
            .map((m) => ({ x: m.cx + 0.5, y: m.cy + 0.5 }))
            .sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
          const area = quadArea(points);
          // markers are 10 mm squares on a page of ~190 × 270 mm between their centres
          const markerSide = Math.sqrt(Math.min(...areas));
          if (area < (markerSide * 8) ** 2) continue;
          quads.push({ points, area });
        }
  return quads.sort((p, q) => q.area - p.area).slice(0, 12).map((q) => q.points);
}

function meanAround(image: GrayImage, toPhoto: Homography, x: number, y: number, halfMm: number): number {
  let sum = 0;
  let count = 0;
  for (let i = -1; i <= 1; i++)
    for (let j = -1; j <= 1; j++) {
      const p = project(toPhoto, x + (i * halfMm) / 1.5, y + (j * halfMm) / 1.5);
      sum += sample(image, p.x - 0.5, p.y - 0.5, 0);
      count++;
    }
  return sum / count;
}

/** Reads the code cells for one assignment of markers to corners; null when they are no valid code. */
function readCode(image: GrayImage, toPhoto: Homography): { code: number; confidence: number } | null {
  const black = MARKERS.reduce((s, _, i) => s + meanAround(image, toPhoto, markerCentre(i).x, markerCentre(i).y, 3), 0) / 4;
  const papers = PAPER_POINTS.map((p) => meanAround(image, toPhoto, p.x, p.y, 1.5)).sort((a, b) => a - b);
  const white = (papers[1] + papers[2]) / 2;
  if (white - black < 25) return null;
  const middle = (white + black) / 2;
  let confidence = 1;
  const bits = CODE_CELLS.map((cell) => {
    const value = meanAround(image, toPhoto, cell.x + cell.w / 2, cell.y + cell.h / 2, cell.w * 0.3);
    confidence = Math.min(confidence, Math.min(1, (2 * Math.abs(value - middle)) / (white - black)));
    return value < middle;
  });
  const code = decodeCodeBits(bits);
  return code === null ? null : { code, confidence };
}

/** Finds which of our forms a photo shows and where its corners are (spec §4: 2 detected, 11 not detected). */
export function detectLayout(image: GrayImage): LayoutResult {
  const template = [0, 1, 2, 3].map(markerCentre);
  let best: LayoutFound | null = null;
  for (const points of quadrilaterals(markerCandidates(image))) {
    for (let rotation = 0; rotation < 4; rotation++) {
      const corners = [0, 1, 2, 3].map((i) => points[(i + rotation) % 4]);
      const toPhoto = homography(template, corners);
      if (!toPhoto) continue;
      const read = readCode(image, toPhoto);
      const page = read && templatePage(read.code);
      if (!read || !page) continue;
      if (!best || read.confidence > best.confidence) best = { status: DETECTION.detected, page, toPhoto, confidence: read.confidence };
    }
    if (best && best.confidence > 0.5) break;
  }
  return best ?? { status: DETECTION.layoutNotDetected, confidence: 0 };
}

/** The page seen straight on, at PAGE_PX_PER_MM. */
export function correctPerspective(image: GrayImage, layout: LayoutFound, widthMm: number, heightMm: number): GrayImage {
  const h = layout.toPhoto;
  const s = 1 / PAGE_PX_PER_MM;
  const pageToPhoto: Homography = [h[0] * s, h[1] * s, h[2], h[3] * s, h[4] * s, h[5], h[6] * s, h[7] * s, h[8]];
  return warp(image, pageToPhoto, Math.round(widthMm * PAGE_PX_PER_MM), Math.round(heightMm * PAGE_PX_PER_MM), 255);
}
