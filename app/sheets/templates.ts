/**
 * The product's printable score-sheet forms as data (millimetres on A4 portrait, origin top left).
 * The reader knows these forms: four solid corner markers locate a page in a photo, and a row of
 * code cells between the top markers says which form and page it is. Everything else (header boxes,
 * the move grid) is found relative to the markers.
 */
export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 297;
export const MARKER_SIZE_MM = 10;

export type Rect = { x: number; y: number; w: number; h: number };
export type HeaderField = "round" | "board" | "white" | "black" | "result";
export type MoveBox = Rect & { move: number; side: "w" | "b" };
export type Label = { text: string; x: number; y: number; size: number; align?: "start" | "middle" };

export type TemplatePage = {
  /** 1–15, written in the code cells. */
  code: number;
  layout: SheetLayoutId;
  /** 1-based page of its layout. */
  page: number;
  firstMove: number;
  lastMove: number;
  header: Record<HeaderField, Rect>;
  moveBoxes: MoveBox[];
  /** Move-number cells printed left of each row. */
  numberCells: (Rect & { move: number })[];
  labels: Label[];
};

export const SHEET_LAYOUTS = ["kiebitz-60", "kiebitz-120"] as const;
export type SheetLayoutId = (typeof SHEET_LAYOUTS)[number];

/** Marker squares (top left corners), in the order top left, top right, bottom right, bottom left. */
export const MARKERS: readonly Rect[] = [
  { x: 8, y: 8, w: MARKER_SIZE_MM, h: MARKER_SIZE_MM },
  { x: 192, y: 8, w: MARKER_SIZE_MM, h: MARKER_SIZE_MM },
  { x: 192, y: 279, w: MARKER_SIZE_MM, h: MARKER_SIZE_MM },
  { x: 8, y: 279, w: MARKER_SIZE_MM, h: MARKER_SIZE_MM },
];

export const markerCentre = (index: number) => ({
  x: MARKERS[index].x + MARKER_SIZE_MM / 2,
  y: MARKERS[index].y + MARKER_SIZE_MM / 2,
});

/** Code cells: start (always dark), four bits of the page code (most significant first), even parity, a light and a dark stop cell. */
export const CODE_CELLS: readonly Rect[] = Array.from({ length: 8 }, (_, i) => ({ x: 30 + i * 7, y: 10.5, w: 5, h: 5 }));

export function codeBits(code: number): boolean[] {
  const bits = [3, 2, 1, 0].map((bit) => ((code >> bit) & 1) === 1);
  const parity = bits.filter(Boolean).length % 2 === 1;
  return [true, ...bits, parity, false, true];
}

/** The page code the cells show, or null when they are not a valid code. */
export function decodeCodeBits(bits: readonly boolean[]): number | null {
  if (bits.length !== 8) return null;
  const code = bits.slice(1, 5).reduce((value, bit) => value * 2 + (bit ? 1 : 0), 0);
  const expected = codeBits(code);
  return code > 0 && expected.every((bit, i) => bit === bits[i]) ? code : null;
}

const ROWS = 30;
const GRID_TOP = 66;
/** A move box's height (mm), a row of the move grid. */
export const ROW_HEIGHT = 6.8;
const COLUMNS = [12, 108];
const NUMBER_WIDTH = 8;
const MOVE_WIDTH = 37;

function page(layout: SheetLayoutId, code: number, pageNumber: number, firstMove: number): TemplatePage {
  const moveBoxes: MoveBox[] = [];
  const numberCells: TemplatePage["numberCells"] = [];
  COLUMNS.forEach((left, column) => {
    for (let row = 0; row < ROWS; row++) {
      const move = firstMove + column * ROWS + row;
      const y = GRID_TOP + row * ROW_HEIGHT;
      numberCells.push({ x: left, y, w: NUMBER_WIDTH, h: ROW_HEIGHT, move });
      moveBoxes.push({ x: left + NUMBER_WIDTH, y, w: MOVE_WIDTH, h: ROW_HEIGHT, move, side: "w" });
      moveBoxes.push({ x: left + NUMBER_WIDTH + MOVE_WIDTH, y, w: MOVE_WIDTH, h: ROW_HEIGHT, move, side: "b" });
    }
  });
  const header: Record<HeaderField, Rect> = {
    white: { x: 12, y: 27, w: 112, h: 10 },
    black: { x: 12, y: 45, w: 112, h: 10 },
    round: { x: 138, y: 27, w: 24, h: 10 },
    board: { x: 168, y: 27, w: 24, h: 10 },
    result: { x: 138, y: 45, w: 54, h: 10 },
  };
  const labels: Label[] = [
    { text: "sheet.form.title", x: 105, y: 21, size: 4.2, align: "middle" },
    { text: "sheet.form.white", x: 12, y: 25.5, size: 2.8 },
    { text: "sheet.form.black", x: 12, y: 43.5, size: 2.8 },
    { text: "sheet.form.round", x: 138, y: 25.5, size: 2.8 },
    { text: "sheet.form.board", x: 168, y: 25.5, size: 2.8 },
    { text: "sheet.form.result", x: 138, y: 43.5, size: 2.8 },
    ...COLUMNS.flatMap((left) => [
      { text: "sheet.form.white", x: left + NUMBER_WIDTH + MOVE_WIDTH / 2, y: GRID_TOP - 1.5, size: 2.8, align: "middle" as const },
      { text: "sheet.form.black", x: left + NUMBER_WIDTH + MOVE_WIDTH * 1.5, y: GRID_TOP - 1.5, size: 2.8, align: "middle" as const },
    ]),
  ];
  return { code, layout, page: pageNumber, firstMove, lastMove: firstMove + 2 * ROWS - 1, header, moveBoxes, numberCells, labels };
}

export const TEMPLATE_PAGES: readonly TemplatePage[] = [
  page("kiebitz-60", 1, 1, 1),
  page("kiebitz-120", 2, 1, 1),
  page("kiebitz-120", 3, 2, 61),
];

export function templatePage(code: number): TemplatePage | undefined {
  return TEMPLATE_PAGES.find((candidate) => candidate.code === code);
}

export function layoutPages(layout: SheetLayoutId): TemplatePage[] {
  return TEMPLATE_PAGES.filter((candidate) => candidate.layout === layout);
}

/** Move-number text printed in a number cell. */
export const moveNumberText = (move: number) => String(move);
