import { components, solidity, type Component } from "../vision/components";
import type { Point } from "../vision/geometry";
import { adaptiveThreshold, halve, type GrayImage } from "../vision/threshold";

/**
 * The score sheet's four corner markers (10 mm black squares) in a photo: dark compact blobs of
 * similar size spanning a large quadrilateral. Pure, so that the reader and the scanning app's live
 * camera (in the browser) find them the same way.
 */
const MAX_CANDIDATES = 14;

/**
 * Photos whose shorter side has more pixels than this are searched at half size (a quarter of the work): a
 * marker is still 30–40 pixels wide there, and the centroid of its many pixels as exact.
 */
const HALF_SIZE_ABOVE = 1000;

/** Candidates for the markers, largest first; `fullSize` searches a large photo at its own size (the reference of bench:markers). */
export function markerCandidates(image: GrayImage, fullSize = false): Component[] {
  if (fullSize || Math.min(image.width, image.height) <= HALF_SIZE_ABOVE) return candidatesAtSize(image);
  return candidatesAtSize(halve(image)).map(atDoubleSize);
}

/** A component found in the halved image, in the full image's pixels (pixel i of the half covers 2i and 2i + 1). */
function atDoubleSize(c: Component): Component {
  return {
    area: 4 * c.area, cx: 2 * c.cx + 0.5, cy: 2 * c.cy + 0.5, sxx: 4 * c.sxx, syy: 4 * c.syy, sxy: 4 * c.sxy,
    minX: 2 * c.minX, minY: 2 * c.minY, maxX: 2 * c.maxX + 1, maxY: 2 * c.maxY + 1,
  };
}

function candidatesAtSize(image: GrayImage): Component[] {
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

function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Every choice of `k` of the candidates. */
function choices(candidates: Component[], k: number, from = 0): Component[][] {
  if (k === 0) return [[]];
  const out: Component[][] = [];
  for (let i = from; i <= candidates.length - k; i++) for (const rest of choices(candidates, k - 1, i + 1)) out.push([candidates[i], ...rest]);
  return out;
}

/**
 * `corners` candidates in clockwise order (image coordinates), largest polygons first: markers of similar size
 * spanning most of a page (markers are 10 mm squares on a page of ~190 × 270 mm between their centres).
 */
function polygons(candidates: Component[], corners: 3 | 4): Point[][] {
  const found: { points: Point[]; area: number }[] = [];
  for (const chosen of choices(candidates, corners)) {
    const areas = chosen.map((m) => m.area);
    if (Math.max(...areas) / Math.min(...areas) > 3) continue;
    const cx = chosen.reduce((s, m) => s + m.cx, 0) / corners;
    const cy = chosen.reduce((s, m) => s + m.cy, 0) / corners;
    const points = chosen
      .map((m) => ({ x: m.cx + 0.5, y: m.cy + 0.5 }))
      .sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
    const area = polygonArea(points);
    const markerSide = Math.sqrt(Math.min(...areas));
    if (area < ((corners - 2) / 2) * (markerSide * 8) ** 2) continue;
    found.push({ points, area });
  }
  return found.sort((p, q) => q.area - p.area).slice(0, 12).map((q) => q.points);
}

/** Four candidates in clockwise order (image coordinates), largest quadrilaterals first. */
export const quadrilaterals = (candidates: Component[]): Point[][] => polygons(candidates, 4);

/** Three candidates in clockwise order, largest triangles first: the markers of a page whose fourth is cut off or hidden. */
export const triangles = (candidates: Component[]): Point[][] => polygons(candidates, 3);

/** The four markers' centres (clockwise) when a photo shows them, else null. */
export function markerQuad(image: GrayImage): Point[] | null {
  return quadrilaterals(markerCandidates(image))[0] ?? null;
}
