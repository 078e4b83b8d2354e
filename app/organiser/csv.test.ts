import { describe, expect, it } from "vitest";
import { readPlayersCsv } from "./csv";

describe("player CSV (papaparse)", () => {
  it("reads tab-separated lists, quoted line breaks and commas, with the lines the editor shows", () => {
    const { rows, errors } = readPlayersCsv('name\telo\tclub\n"Müller,\nAnna"\t1650\tSK Kiebitz\n\nBob\t\tSC Berlin\n');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.player.name, r.player.elo, r.player.club])).toEqual([
      [2, "Müller, Anna", 1650, "SK Kiebitz"],
      [5, "Bob", undefined, "SC Berlin"],
    ]);
  });

  it("takes German headers (Name, Titel, DWZ, Verein, Land) and semicolons", () => {
    const { rows } = readPlayersCsv("Name;Titel;Elo;DWZ;Verein;Land\nAnna Schmidt;WFM;2100;2050;SK Kiebitz;GER\n");
    expect(rows[0].player).toEqual({ name: "Anna Schmidt", title: "WFM", elo: 2100, nwz: 2050, club: "SK Kiebitz", country: "GER", active: true });
  });

  it("reports a column it does not understand instead of dropping it, and a list without names", () => {
    expect(readPlayersCsv("name,Geburtsjahr\nAnna,1990\n").errors).toEqual([
      'players.csv.unknownColumns::{"columns":"Geburtsjahr","known":"name, title, fideId, elo, nwz, club, country"}',
    ]);
    expect(readPlayersCsv("elo\n1500\n").errors).toEqual(["players.csv.noNameColumn"]);
  });

  it("names over-long fields and bad ratings with an excerpt of the value", () => {
    const { rows } = readPlayersCsv(`name,elo\n${"x".repeat(300)},4000\n`);
    expect(rows[0].errors).toEqual([
      `players.csv.tooLong::{"column":"name","max":100,"value":"${"x".repeat(40)}…"}`,
      'players.csv.badRating::{"column":"elo","value":"4000"}',
    ]);
  });
});
