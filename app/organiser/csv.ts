import type { PlayerInput } from "./players.server";

/**
 * Player import from CSV (the template's columns: name, title, fideId, elo, nwz, club, country).
 * Separators "," or ";" (as spreadsheet programs in Germany write them), quoted fields, a
 * header line. Every row is checked; the preview shows each row with its problems.
 */
export const CSV_COLUMNS = ["name", "title", "fideId", "elo", "nwz", "club", "country"] as const;
export const CSV_TEMPLATE = `${CSV_COLUMNS.join(",")}\n"Carlsen, Magnus",GM,1503014,2830,,Norway Chess,NOR\n"Müller, Anna",,,1650,1702,SK Kiebitz,GER\n`;

export type CsvRow = { line: number; player: PlayerInput; errors: string[] };

function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

function rating(value: string, errors: string[], column: string): number | undefined {
  if (!value) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 3500) errors.push(`players.csv.badRating::${JSON.stringify({ column, value })}`);
  return Number.isInteger(number) ? number : undefined;
}

export function readPlayersCsv(text: string): CsvRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = lines[0] ?? "";
  const separator = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ";" : ",";
  const names = splitLine(header, separator).map((name) => name.toLowerCase());
  const index = (column: string) => names.indexOf(column.toLowerCase());
  const rows: CsvRow[] = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = splitLine(line, separator);
    const cell = (column: string) => (index(column) >= 0 ? (cells[index(column)] ?? "") : "");
    const errors: string[] = [];
    const name = cell("name");
    if (!name) errors.push("players.csv.noName");
    const fideId = cell("fideId");
    if (fideId && !/^\d{1,11}$/.test(fideId)) errors.push(`players.csv.badFideId::${JSON.stringify({ value: fideId })}`);
    const player: PlayerInput = {
      name,
      active: true,
      ...(cell("title") ? { title: cell("title").slice(0, 4) } : {}),
      ...(fideId ? { fideId } : {}),
      ...(cell("club") ? { club: cell("club") } : {}),
      ...(cell("country") ? { country: cell("country").slice(0, 3) } : {}),
    };
    const elo = rating(cell("elo"), errors, "elo");
    const nwz = rating(cell("nwz"), errors, "nwz");
    if (elo !== undefined) player.elo = elo;
    if (nwz !== undefined) player.nwz = nwz;
    rows.push({ line: i + 2, player, errors });
  });
  return rows;
}
