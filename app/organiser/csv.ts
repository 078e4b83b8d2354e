import Papa from "papaparse";
import { excerpt, MAX_PLAYERS } from "~/lib/limits";
import { message } from "~/lib/messages";
import type { PlayerInput } from "./players.server";

/**
 * Player import from CSV (the template's columns: name, title, fideId, elo, nwz, club, country;
 * German headers too). Read by papaparse: separator ",", ";" or tab as the file uses it, quoted
 * fields with line breaks, a header line. Every row is checked; the preview shows each row with
 * its problems, and columns that are not understood are reported rather than dropped.
 */
export const CSV_COLUMNS = ["name", "title", "fideId", "elo", "nwz", "club", "country"] as const;
export const CSV_TEMPLATE = `${CSV_COLUMNS.join(",")}\n"Carlsen, Magnus",GM,1503014,2830,,Norway Chess,NOR\n"Müller, Anna",,,1650,1702,SK Kiebitz,GER\n`;

type Column = (typeof CSV_COLUMNS)[number];

/** Header names (lower case, letters and digits only) and the column each means. */
const HEADERS: Record<string, Column> = {
  name: "name", spieler: "name", spielername: "name", player: "name",
  title: "title", titel: "title",
  fideid: "fideId", fide: "fideId", fidenr: "fideId", fidenummer: "fideId",
  elo: "elo", rating: "elo", fideelo: "elo",
  nwz: "nwz", dwz: "nwz", national: "nwz", nationalrating: "nwz",
  club: "club", verein: "club", stadt: "club", city: "club",
  country: "country", land: "country", föderation: "country", foderation: "country", federation: "country", fed: "country", nation: "country",
};

/** Longest text of each column (the player form's limits). */
const LENGTHS: Record<"name" | "title" | "club" | "country", number> = { name: 100, title: 4, club: 100, country: 3 };

export type CsvRow = { line: number; player: PlayerInput; errors: string[] };
export type CsvList = { rows: CsvRow[]; errors: string[] };

const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

function rating(value: string, errors: string[], column: string): number | undefined {
  if (!value) return undefined;
  const number = Number(value);
  if (!/^\d{1,4}$/.test(value) || number > 3500) {
    errors.push(message("players.csv.badRating", { column, value: excerpt(value) }));
    return undefined;
  }
  return number;
}

function text(raw: string, column: keyof typeof LENGTHS, errors: string[]): string | undefined {
  const value = raw.replace(/\s+/g, " ");
  if (!value) return undefined;
  if (value.length > LENGTHS[column]) errors.push(message("players.csv.tooLong", { column, max: LENGTHS[column], value: excerpt(value) }));
  return value.slice(0, LENGTHS[column]);
}

/** Records with the editor line each starts on (a quoted field may span lines). */
function records(input: string): { cells: string[]; line: number }[] {
  const out: { cells: string[]; line: number }[] = [];
  let line = 1;
  let at = 0;
  Papa.parse<string[]>(input, {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t", "|"],
    step: (result) => {
      const end = result.meta.cursor;
      // Skip the line breaks before the record, then count those inside and after it.
      while (at < end && (input[at] === "\n" || input[at] === "\r")) if (input[at++] === "\n") line++;
      out.push({ cells: result.data, line });
      for (; at < end; at++) if (input[at] === "\n") line++;
    },
  });
  return out;
}

export function readPlayersCsv(input: string): CsvList {
  const [header, ...rest] = records(input.replace(/^\uFEFF/, ""));
  const names = header?.cells ?? [];
  const columns = names.map((name) => HEADERS[headerKey(name)]);
  const errors: string[] = [];
  const unknown = names.filter((name, i) => name.trim() && !columns[i]);
  if (unknown.length) errors.push(message("players.csv.unknownColumns", { columns: unknown.map((name) => excerpt(name, 30)).join(", "), known: CSV_COLUMNS.join(", ") }));
  if (header && !columns.includes("name")) errors.push("players.csv.noNameColumn");
  if (rest.length > MAX_PLAYERS) errors.push(message("players.csv.tooMany", { max: MAX_PLAYERS }));
  if (errors.length) return { rows: [], errors };
  const rows = rest.map(({ cells, line }): CsvRow => {
    const cell = (column: Column) => (cells[columns.indexOf(column)] ?? "").trim();
    const rowErrors: string[] = [];
    const name = text(cell("name"), "name", rowErrors) ?? "";
    if (!name) rowErrors.push("players.csv.noName");
    const fideId = cell("fideId");
    const fideIdValid = /^\d{1,11}$/.test(fideId);
    if (fideId && !fideIdValid) rowErrors.push(message("players.csv.badFideId", { value: excerpt(fideId) }));
    const player: PlayerInput = { name, active: true, ...(fideIdValid ? { fideId } : {}) };
    for (const column of ["title", "club", "country"] as const) {
      const value = text(cell(column), column, rowErrors);
      if (value) player[column] = value;
    }
    const elo = rating(cell("elo"), rowErrors, "elo");
    const nwz = rating(cell("nwz"), rowErrors, "nwz");
    if (elo !== undefined) player.elo = elo;
    if (nwz !== undefined) player.nwz = nwz;
    return { line, player, errors: rowErrors };
  });
  return { rows, errors: [] };
}
