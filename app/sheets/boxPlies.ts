/**
 * By sheet (its id), where its boxes stand in the game where its player left a move out or wrote one twice: [the box's
 * ply, the game's], -1 for a move written twice (the reader's alignment of two players' sheets, worker/reader/align.ts;
 * a sheet as numbered has none).
 */
export type SheetBoxPlies = Record<number, [number, number][]>;

/** The game's ply a box of a sheet shows (-1: a move written twice). */
export function gamePly(boxPlies: SheetBoxPlies | undefined, sheetId: number, boxPly: number): number {
  return boxPlies?.[sheetId]?.find(([box]) => box === boxPly)?.[1] ?? boxPly;
}

/**
 * Where a sheet's player slipped, for the organiser: `leftOut`, a move not written before the sheet's row `row` (the
 * moves from there on stand a row early); `twice`, the move of row `row` written twice (read once); `blankRow`, row `row`
 * left blank (the moves after it stand a row late). Rows as printed on the form (1 for the first move).
 */
export type SheetSlip = { sheet: number; row: number; kind: "leftOut" | "twice" | "blankRow" };

export function sheetSlips(boxPlies: SheetBoxPlies | undefined): SheetSlip[] {
  return Object.entries(boxPlies ?? {}).flatMap(([sheet, plies]) => {
    const slips: SheetSlip[] = [];
    let shift = 0;
    // the rows after a move written twice stand a row late, as after a blank row
    let twice = false;
    for (const [box, game] of [...plies].sort(([a], [b]) => a - b)) {
      const row = (box >> 1) + 1;
      if (game < 0) {
        if (box % 2 === 0) slips.push({ sheet: Number(sheet), row, kind: "twice" });
        twice = true;
        continue;
      }
      if (game - box > shift) slips.push({ sheet: Number(sheet), row, kind: "leftOut" });
      else if (game - box < shift && !twice) slips.push({ sheet: Number(sheet), row: row - 1, kind: "blankRow" });
      twice = false;
      shift = game - box;
    }
    return slips;
  });
}
