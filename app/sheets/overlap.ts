import type { Rect } from "./templates";

/**
 * How well a found box matches an expected one (spec §9): the intersection over union of the two
 * rectangles, and zero when one is more than twice the size of the other.
 */
export function boxOverlapScore(a: Rect, b: Rect): number {
  const areaA = a.w * a.h;
  const areaB = b.w * b.h;
  if (areaA <= 0 || areaB <= 0) return 0;
  if (Math.max(areaA, areaB) / Math.min(areaA, areaB) > 2) return 0;
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const intersection = w * h;
  return intersection / (areaA + areaB - intersection);
}
