import { CODE_CELLS, MARKERS, decodeCodeBits, markerCentre, templatePage, type TemplatePage } from "~/sheets/templates";
import { homography, project, type Homography, type Point } from "../vision/geometry";
import { sample, warp, type GrayImage } from "../vision/image";
import { markerCandidates, quadrilaterals } from "./markers";
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
