import type { TemplatePage } from "~/sheets/templates";
import { compose, invert, project, solveLinear, type Homography, type Point } from "../vision/geometry";
import { adaptiveThreshold, straightened, type GrayImage } from "../vision/image";
import { findLinePiece, gridColumns, pieces, type Mask } from "./lines";

/**
 * Placing a page by its printed move grid, when only three of its corner markers are in the photo: the fourth
 * corner guessed from the other three is off by up to a centimetre on a tilted photo, and the rows (6.8 mm apart) by
 * up to half a row even beside the markers found. The grid's vertical lines (8 mm and more apart) are looked for
 * first, near where the guess puts them, and the page's homography fitted to them and the markers (their
 * convergence tells the perspective); then all its lines, near where that fit puts them, and fitted again.
 */

/** Resolution of the page image the lines are looked for on. */
const GRID_PX_PER_MM = 4;
/** The rounds: which lines are looked for, and how far (mm) from where the current placement puts them (less than half their spacing). */
const ROUNDS = [
  { verticalOnly: true, reachMm: 3.5 },
  { verticalOnly: false, reachMm: 3 },
  { verticalOnly: false, reachMm: 1.5 },
];
/** A line found farther than this (mm) from where the fitted placement puts it is dropped as a misreading. */
const OUTLIER_MM = 1;
/** A marker counts as this many lines in the fit. */
const MARKER_WEIGHT = 5;
/** How far (mm) the fit may move a marker found from where it is. */
const ANCHOR_MM = 2;
/**
 * Shares of the grid's line pieces that must be in the photo, and of those that must be found, for the placement to
 * count: a page placed on the wrong lines puts about half its grid outside the photo, and finds under 60% of the rest.
 */
const MIN_SEEN = 0.8;
const MIN_FOUND = 0.6;

/** One piece of a printed line (mm): horizontal at y = `at` or vertical at x = `at`, from `from` to `to` along it. */
type Piece = { horizontal: boolean; at: number; from: number; to: number };
/** A piece found: where on the current page (mm) it lies, and where the form has it. */
type Found = { horizontal: boolean; page: Point; form: number };

/** The longest piece (mm) of a line looked for at once: a bent page bows longer ones off a row of pixels. */
const PIECE_MM = 10;

/** The grid's lines cut into pieces: horizontal ones across the move boxes (the number cells are too short), vertical ones a row high. */
function gridPieces(template: TemplatePage): Piece[] {
  return gridColumns(template).flatMap(({ xs, ys }) => [
    ...ys.flatMap((y) => xs.slice(1, -1).flatMap((x, i) => pieces(x, xs[i + 2], PIECE_MM).map(([from, to]) => ({ horizontal: true, at: y, from, to })))),
    ...xs.flatMap((x) => ys.slice(0, -1).map((y, i) => ({ horizontal: false, at: x, from: y, to: ys[i + 1] }))),
  ]);
}

/** Least squares for the homography G (page mm → form mm) that puts the found pieces and the markers where the form has them. */
function fit(found: Found[], markers: { page: Point; form: Point }[]): Homography | null {
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const add = (row: number[], value: number, weight: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] += weight * row[i] * value;
      for (let j = 0; j < 8; j++) ata[i][j] += weight * row[i] * row[j];
    }
  };
  const xRow = ({ x, y }: Point, X: number) => [x, y, 1, 0, 0, 0, -X * x, -X * y];
  const yRow = ({ x, y }: Point, Y: number) => [0, 0, 0, x, y, 1, -Y * x, -Y * y];
  for (const f of found) add(f.horizontal ? yRow(f.page, f.form) : xRow(f.page, f.form), f.form, 1);
  for (const m of markers) {
    add(xRow(m.page, m.form.x), m.form.x, MARKER_WEIGHT);
    add(yRow(m.page, m.form.y), m.form.y, MARKER_WEIGHT);
  }
  const g = solveLinear(ata, atb);
  return g ? [...g, 1] : null;
}

/** How far (mm) G puts a found piece from its line on the form. */
function residual(g: Homography, f: Found): number {
  const p = project(g, f.page.x, f.page.y);
  return Math.abs((f.horizontal ? p.y : p.x) - f.form);
}

/**
 * Refines `toPhoto` (form mm → photo pixels), which is exact at the `anchors` (form mm of the markers found, with
 * where they are in the photo), by the move grid; null when too little of the grid is where it should be.
 */
export function placeByGrid(image: GrayImage, toPhoto: Homography, template: TemplatePage, anchors: { form: Point; photo: Point }[], widthMm: number, heightMm: number): { toPhoto: Homography; found: number } | null {
  const all = gridPieces(template);
  let current = toPhoto;
  let kept: Found[] = [];
  for (const { verticalOnly, reachMm } of ROUNDS) {
    const page = straightened(image, current, widthMm, heightMm, GRID_PX_PER_MM);
    const mask: Mask = { data: adaptiveThreshold(page, 4 * GRID_PX_PER_MM, 0.85), width: page.width, height: page.height };
    const px = (mm: number) => mm * GRID_PX_PER_MM;
    const found: Found[] = [];
    for (const piece of all) {
      const middle = (piece.from + piece.to) / 2;
      if (verticalOnly && piece.horizontal) continue;
      // the piece's ends are left out: there it crosses the lines the other way
      const line = findLinePiece(mask, piece.horizontal, px(piece.at), px(piece.from + 1), px(piece.to - 1), Math.round(px(reachMm)));
      if (line === null) continue;
      const at = line / GRID_PX_PER_MM;
      found.push({ horizontal: piece.horizontal, page: piece.horizontal ? { x: middle, y: at } : { x: at, y: middle }, form: piece.at });
    }
    const fromPhoto = invert(current);
    const markers = anchors.map((a) => ({ page: project(fromPhoto, a.photo.x, a.photo.y), form: a.form }));
    let g = fit(found, markers);
    if (!g) return null;
    const fitted = g;
    kept = found.filter((f) => residual(fitted, f) <= OUTLIER_MM);
    g = fit(kept, markers);
    if (!g) return null;
    current = compose(current, invert(g));
  }
  // pieces cut off by the photo's edge are not asked for
  const seen = all.filter((piece) => {
    const middle = (piece.from + piece.to) / 2;
    const p = piece.horizontal ? project(current, middle, piece.at) : project(current, piece.at, middle);
    return p.x >= 0 && p.y >= 0 && p.x < image.width && p.y < image.height;
  }).length;
  const share = kept.length / Math.max(1, seen);
  // the markers found stay where they are: a fit that moves them has placed the grid on the wrong lines
  const scale = Math.hypot(anchors[1].photo.x - anchors[0].photo.x, anchors[1].photo.y - anchors[0].photo.y) / Math.hypot(anchors[1].form.x - anchors[0].form.x, anchors[1].form.y - anchors[0].form.y);
  const moved = Math.max(...anchors.map((a) => {
    const p = project(current, a.form.x, a.form.y);
    return Math.hypot(p.x - a.photo.x, p.y - a.photo.y) / scale;
  }));
  return seen >= MIN_SEEN * all.length && share >= MIN_FOUND && moved <= ANCHOR_MM ? { toPhoto: current, found: Math.min(1, share) } : null;
}
